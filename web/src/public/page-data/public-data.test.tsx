import { describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { ContactSectionDocument, LandingPageDocument, NewsPageDocument } from '../../graphql/generated/graphql';
import { PublicDataProvider, PublicDataStore, usePublicQuery, type QueryRunner } from './public-data';

// The public pages' data store: one run per query for the whole visit, shared by every component
// that asks; a store filled by the server renderer answers without running anything.

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function NewsCount({ label }: { label: string }) {
  const { data, loading, error } = usePublicQuery(NewsPageDocument);
  if (loading) return <p>{label}: loading</p>;
  if (error) return <p>{label}: failed</p>;
  return (
    <p>
      {label}: {data!.news.length} articles
    </p>
  );
}

describe('public data', () => {
  it('runs a query once for every component asking for it, and keeps the answer', async () => {
    const answer = deferred<unknown>();
    const run = jest.fn<QueryRunner>(() => answer.promise);
    const store = new PublicDataStore(run);
    const { rerender } = render(
      <PublicDataProvider store={store}>
        <NewsCount label="first" />
        <NewsCount label="second" />
      </PublicDataProvider>,
    );
    expect(screen.getByText('first: loading')).toBeInTheDocument();
    expect(screen.getByText('second: loading')).toBeInTheDocument();
    expect(run).toHaveBeenCalledTimes(1);
    expect(run.mock.calls[0]![1]).toBe('NewsPage');
    expect(store.busy).toBe(true);

    await act(async () => answer.resolve({ news: [{ id: 1 }, { id: 2 }] }));
    expect(screen.getByText('first: 2 articles')).toBeInTheDocument();
    expect(screen.getByText('second: 2 articles')).toBeInTheDocument();
    expect(store.busy).toBe(false);

    rerender(
      <PublicDataProvider store={store}>
        <NewsCount label="again" />
      </PublicDataProvider>,
    );
    expect(screen.getByText('again: 2 articles')).toBeInTheDocument();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('answers from what the server embedded, without running anything', () => {
    const run = jest.fn<QueryRunner>();
    const store = new PublicDataStore(run, { NewsPage: { news: [{ id: 7 }] } });
    render(
      <PublicDataProvider store={store}>
        <NewsCount label="hydrated" />
      </PublicDataProvider>,
    );
    expect(screen.getByText('hydrated: 1 articles')).toBeInTheDocument();
    expect(run).not.toHaveBeenCalled();
  });

  it('reports a failure to the page and to the server renderer', async () => {
    const store = new PublicDataStore(() => Promise.reject(new Error('database away')));
    render(
      <PublicDataProvider store={store}>
        <NewsCount label="news" />
      </PublicDataProvider>,
    );
    await act(() => store.settled());
    expect(screen.getByText('news: failed')).toBeInTheDocument();
    expect(store.failed).toBe(true);
    expect(store.answered()).toEqual({});
  });

  it('asks a failed query again when a page shows it anew, not on a re-render', async () => {
    let attempts = 0;
    const store = new PublicDataStore(() => (++attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ news: [{ id: 1 }] })));
    const { rerender, unmount } = render(
      <PublicDataProvider store={store}>
        <NewsCount label="news" />
      </PublicDataProvider>,
    );
    await act(() => store.settled());
    expect(screen.getByText('news: failed')).toBeInTheDocument();
    rerender(
      <PublicDataProvider store={store}>
        <NewsCount label="news" />
      </PublicDataProvider>,
    );
    expect(screen.getByText('news: failed')).toBeInTheDocument();
    expect(attempts).toBe(1);
    unmount();

    render(
      <PublicDataProvider store={store}>
        <NewsCount label="again" />
      </PublicDataProvider>,
    );
    expect(await screen.findByText('again: 1 articles')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('gives the server renderer every answered query by operation name, once all have settled', async () => {
    const store = new PublicDataStore(async (_document, name) => ({ answerOf: name }));
    store.read(LandingPageDocument);
    store.read(ContactSectionDocument);
    await store.settled();
    expect(store.answered()).toEqual({ LandingPage: { answerOf: 'LandingPage' }, ContactSection: { answerOf: 'ContactSection' } });
    expect(store.failed).toBe(false);
  });
});
