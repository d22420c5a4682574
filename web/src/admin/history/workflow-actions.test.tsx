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

// The History panel names the editorial workflow's actions (issue 23): a draft saved, a draft
// discarded, published, unpublished, submitted for review; only published versions offer Restore.

jest.setTimeout(30_000);
afterEach(() => toaster.remove());

const at = (minute: number) => new Date(2026, 10, 20, 9, minute).toISOString();
const state = (title: string) => JSON.stringify({ id: 4, version: 1, name: title, code: 'OM' });
const entries = [
  { id: 16, action: 'unpublish', username: 'lee', at: at(50), changed: [], before: state('Oman 2'), after: null },
  { id: 15, action: 'publish', username: 'lee', at: at(40), changed: ['name'], before: state('Oman'), after: state('Oman 2') },
  { id: 14, action: 'submit', username: 'sam', at: at(30), changed: [], before: null, after: null },
  { id: 13, action: 'draft', username: 'sam', at: at(20), changed: ['name'], before: state('Oman'), after: state('Oman 2') },
  { id: 12, action: 'discard', username: 'sam', at: at(10), changed: [], before: null, after: null },
  { id: 11, action: 'create', username: 'sam', at: at(0), changed: [], before: null, after: state('Oman') },
].map((entry) => ({ __typename: 'ContentHistoryEntry', ...entry }));

describe('the History panel and the workflow', () => {
  it('labels draft, discard, publish, unpublish and submit, and offers Restore only on published versions', async () => {
    const server = fakeServer({ AdminContentHistory: () => ({ data: { contentHistory: entries } }) });
    const client = new ApolloClient({ link: linkFor(server), cache: new InMemoryCache() });
    render(
      <ChakraProvider value={system}>
        <ApolloProvider client={client}>
          <AdminFailuresProvider redirect={() => {}}>
            <HistoryPanel collection="countries" id={4} labelOf={(f) => (f === 'name' ? 'Name' : f)} onRestored={() => {}} />
          </AdminFailuresProvider>
        </ApolloProvider>
      </ChakraProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    const items = within(list).getAllByRole('listitem').filter((li) => li.parentElement === list);
    const labels = ['Unpublished', 'Published', 'Submitted for review', 'Draft saved', 'Draft discarded', 'Created'];
    items.forEach((item, index) => expect(item).toHaveTextContent(labels[index]!));
    const restorable = items.map((item) => within(item).queryByRole('button', { name: /^Restore/ }) !== null);
    // The newest is the record as it is; a draft save, a submission, a discard or an unpublish is no version to go back to.
    expect(restorable).toEqual([false, true, false, false, false, true]);
  });
});
