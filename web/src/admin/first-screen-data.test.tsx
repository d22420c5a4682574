import { describe, expect, it, jest } from '@jest/globals';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { HttpLink } from '@apollo/client/link/http';
import { fetchFirstScreenData } from './first-screen-data';
import { SIGNED_IN, fakeServer, linkFor, renderAdmin } from './test/render-admin';
import { listAnswer } from './test/list-answer';

// The admin panel as the browser loads it (admin-system.tsx, with its own Apollo client over
// HTTP): its first screen's data is asked for at once, the session check and (on a collection
// screen) the list together, not the list after the session check has answered.

jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 8000 });

/** What the admin client sent over HTTP; nothing is answered. */
const sent: { operationName: string; variables: Record<string, unknown> }[] = [];
globalThis.fetch = ((_input: unknown, init?: { body?: unknown }) => {
  const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
  sent.push({ operationName: body.operationName, variables: body.variables });
  return new Promise<Response>(() => undefined);
}) as typeof fetch;

const url = '/admin/news?page=3&sort=-title&featured=featured';
window.history.replaceState(null, '', url);
const { default: AdminWithTheme } = await import('../admin-system');

const names = (requests: { operationName: string }[]) => requests.map((request) => request.operationName);

describe('the first screen of a visit', () => {
  it("asks for the session and the News screen's rows (its URL's page, sort and filter) together, each once", async () => {
    render(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/admin/*" element={<AdminWithTheme />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    await waitFor(() => expect(names(sent)).toContain('AdminNewsList'));
    expect(sent.filter((request) => request.operationName === 'AdminNewsList')).toEqual([
      { operationName: 'AdminNewsList', variables: { limit: 50, offset: 100, sort: '-title', featured: true } },
    ]);
    // The guard's own check is the one already on its way.
    expect(names(sent).filter((name) => name === 'AdminMe')).toHaveLength(1);
    // Nothing of the screen is shown before the session check answers.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('asks only for the session on a screen that is not a collection list', async () => {
    for (const path of ['/admin', '/admin/login', '/admin/webhooks', '/admin/landing-content', '/admin/news/2']) {
      const client = new ApolloClient({ link: new HttpLink({ uri: '/graphql' }), cache: new InMemoryCache() });
      const before = sent.length;
      expect(fetchFirstScreenData(client, path, '')).toHaveLength(1);
      await waitFor(() => expect(names(sent.slice(before))).toEqual(['AdminMe']));
    }
  });

  it('asks for page 1 in the public order when the URL says nothing else', async () => {
    const client = new ApolloClient({ link: new HttpLink({ uri: '/graphql' }), cache: new InMemoryCache() });
    const before = sent.length;
    expect(fetchFirstScreenData(client, '/admin/clients/', '?page=x&sort=nonsense')).toHaveLength(2);
    await waitFor(() => expect(sent.slice(before).find((request) => request.operationName === 'AdminClients')).toEqual({ operationName: 'AdminClients', variables: { limit: 50, offset: 0 } }));
  });

  it('draws the screen from those answers without asking again, and asks for the next page as usual', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({
      __typename: 'News',
      id: i + 1,
      version: 1,
      title: `Article ${i + 1}`,
      slug: `article-${i + 1}`,
      pictureUrl: `/uploads/n${i + 1}.png`,
      altText: null,
      brief: 'Brief',
      content: null,
      contentDocument: null,
      link: null,
      featured: false,
      pageTitle: null,
      pageDescription: null,
      displayOrder: i + 1,
      createdAt: '2025-01-01T10:00:00.000Z',
    }));
    const server = fakeServer({ AdminMe: SIGNED_IN, AdminNewsList: (variables) => listAnswer('news', rows, variables) });
    const client = new ApolloClient({ link: linkFor(server), cache: new InMemoryCache() });
    await Promise.all(fetchFirstScreenData(client, '/admin/news', ''));
    renderAdmin('/admin/news', { server, client });
    expect(await screen.findByText('1–50 of 60')).toBeInTheDocument();
    // The screen's own data was not asked again (the sidebar's unread enquiries are the shell's question).
    expect(names(server.calls).filter((name) => name !== 'AdminEnquiryCounts')).toEqual(['AdminMe', 'AdminNewsList']);

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /next/i }));
    expect(await screen.findByText('51–60 of 60')).toBeInTheDocument();
    expect(server.callsOf('AdminNewsList')).toEqual([
      { limit: 50, offset: 0 },
      { limit: 50, offset: 50 },
    ]);
    // A later entry checks the session again.
    expect(server.callsOf('AdminMe')).toHaveLength(1);
  });
});
