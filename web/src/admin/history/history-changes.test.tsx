import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../theme';
import { toaster } from '../../components/notifications';
import { AdminFailuresProvider } from '../auth/session-expiry';
import { fakeServer, linkFor } from '../test/render-admin';
import { HistoryPanel } from './HistoryPanel';

// The History panel shows what each change did, field by field (before -> after, long text as a
// word diff, pictures as thumbnails), so an editor sees what a restore brings back (issue 22, item 10).

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

const longBefore =
  'Our consultants met the ministry in Rome to agree the second phase of the rail project, which covers the northern lines and their stations over three years.';
const longAfter =
  'Our consultants met the ministry in Milan to agree the second phase of the rail project, which covers the northern lines and their stations over four years.';
const article = { id: 4, version: 3, title: 'Old headline', pictureUrl: '/uploads/rail.png', altText: 'A train', brief: longBefore, content: null, link: null, featured: false, displayOrder: 2 };
const edited = { ...article, version: 4, title: 'New headline', pictureUrl: '/uploads/rail-2.png', brief: longAfter, featured: true };

const entry = (id: number, action: string, changed: string[], before: object | null, after: object | null) => ({
  __typename: 'ContentHistoryEntry',
  id,
  action,
  username: 'maria',
  at: new Date(2026, 10, 20, 9, 5).toISOString(),
  changed,
  before: before && JSON.stringify(before),
  after: after && JSON.stringify(after),
});

function renderPanel(entries: ReturnType<typeof entry>[]) {
  const server = fakeServer({ AdminContentHistory: () => ({ data: { contentHistory: entries } }) });
  const client = new ApolloClient({ link: linkFor(server), cache: new InMemoryCache() });
  const labels: Record<string, string> = { title: 'Title', pictureUrl: 'Picture', brief: 'Brief', featured: 'Featured' };
  render(
    <ChakraProvider value={system}>
      <ApolloProvider client={client}>
        <AdminFailuresProvider redirect={() => {}}>
          <HistoryPanel collection="news" id={4} labelOf={(f) => labels[f] ?? f} onRestored={() => {}} />
        </AdminFailuresProvider>
      </ApolloProvider>
    </ChakraProvider>,
  );
  return server;
}

describe('the History panel', () => {
  it('shows each changed field as before -> after, long text as words removed and added, pictures as thumbnails', async () => {
    const server = renderPanel([
      entry(9, 'restore', ['title'], { ...edited, title: 'Newest' }, { ...edited }),
      entry(8, 'update', ['title', 'pictureUrl', 'brief', 'featured', 'version'], article, edited),
    ]);
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    expect(server.calls.at(-1)?.operationName).toBe('AdminContentHistory');
    const [restore, update] = within(list).getAllByRole('listitem').filter((li) => li.parentElement === list);
    expect(update).toHaveTextContent(/Edited\s*Nov 20, 2026, 9:05 AM · maria/);

    const fields = within(update!).getByRole('list', { name: 'Changed fields' });
    const [title, picture, brief, featured] = within(fields).getAllByRole('listitem');
    expect(within(fields).getAllByRole('listitem')).toHaveLength(4); // 'version' is bookkeeping, not a change
    expect(title).toHaveTextContent('Title: from Old headline → to New headline');
    expect(title!.querySelector('del')).toHaveTextContent('Old headline');
    expect(title!.querySelector('ins')).toHaveTextContent('New headline');

    expect(within(picture!).getByRole('img', { name: 'Picture before' })).toHaveAttribute('src', '/uploads/rail-320.webp');
    expect(within(picture!).getByRole('img', { name: 'Picture after' })).toHaveAttribute('src', '/uploads/rail-2-320.webp');

    // The long brief: only the words that changed are marked, with the text around them.
    expect([...brief!.querySelectorAll('del')].map((d) => d.textContent)).toEqual(['[removed: Rome]', '[removed: three]']);
    expect([...brief!.querySelectorAll('ins')].map((d) => d.textContent)).toEqual(['[added: Milan]', '[added: four]']);
    expect(within(brief!).getByTestId('text-diff')).toHaveTextContent(/^Our consultants met the ministry in \[removed: Rome\]\[added: Milan\] to agree.*…/);

    expect(featured).toHaveTextContent('Featured: from No → to Yes');
    // The restore says what it brought back, not "every field".
    expect(restore).toHaveTextContent(/Restored.*Title: from Newest → to New headline/);
  });

  it('says a restore brought a deleted record back, instead of listing every field', async () => {
    renderPanel([entry(12, 'restore', ['title', 'pictureUrl', 'brief', 'featured', 'displayOrder'], null, article), entry(11, 'delete', ['title'], article, null)]);
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    const [restore, removed] = within(list).getAllByRole('listitem').filter((li) => li.parentElement === list);
    expect(restore).toHaveTextContent('Brought back after it was deleted.');
    expect(restore).not.toHaveTextContent(/Title|Brief/);
    expect(removed).toHaveTextContent(/^Deleted/);
  });

  it("shows a rich field once, as its text, whether the record named its text, its document or both", async () => {
    const paragraph = (text: string, bold = false) => ({ type: 'paragraph', content: [{ type: 'text', text, ...(bold && { marks: [{ type: 'bold' }] }) }] });
    const doc = (...content: object[]) => ({ type: 'doc', content });
    const was = { ...article, content: 'Phase one', contentDocument: doc(paragraph('Phase one')), updatedAt: '2026-11-20T09:00:00.000Z' };
    const is = { ...was, content: 'Phase two', contentDocument: doc(paragraph('Phase two')), updatedAt: '2026-11-20T09:05:00.000Z' };
    const bolder = { ...is, contentDocument: doc(paragraph('Phase two', true)) };
    renderPanel([
      entry(21, 'update', ['contentDocument', 'version', 'updatedAt'], is, bolder),
      entry(20, 'update', ['content', 'contentDocument', 'version', 'updatedAt'], was, is),
    ]);
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    const [formatting, edit] = within(list).getAllByRole('listitem').filter((li) => li.parentElement === list);
    const changes = (item: HTMLElement) => within(within(item).getByRole('list', { name: 'Changed fields' })).getAllByRole('listitem');
    expect(changes(edit!)).toHaveLength(1); // content and contentDocument are one change; updatedAt is bookkeeping
    expect(changes(edit!)[0]).toHaveTextContent('content: from Phase one → to Phase two');
    expect(edit).not.toHaveTextContent(/contentDocument|"type"/);
    expect(changes(formatting!)).toHaveLength(1);
    expect(changes(formatting!)[0]).toHaveTextContent('content: formatting changed (the words are the same)');
  });
});
