import { useState } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { AdminRestoreRevisionDocument } from '../../graphql/generated/graphql';
import { EntryChanges } from './EntryChanges';
import { HISTORY_PAGE, contentHistoryDocument, type HistoryEntry } from './history-operations';
import { notify } from '../../components/notifications';
import { useAdminFailures } from '../auth/session-expiry';
import { formatDateTime } from '../shell/format-date';

const ACTION_LABEL: Record<string, string> = {
  create: 'Created',
  update: 'Edited',
  delete: 'Deleted',
  restore: 'Restored',
  move: 'Moved',
  draft: 'Draft saved',
  discard: 'Draft discarded',
  publish: 'Published',
  unpublish: 'Unpublished',
  submit: 'Submitted for review',
};

const ACTION_PALETTE: Record<string, string> = { create: 'green', publish: 'green', delete: 'red', unpublish: 'red', draft: 'orange', submit: 'purple' };

const when = formatDateTime;

/** Entries that are a published version to go back to (a draft save, a discard or a submission is not). */
const RESTORABLE = new Set(['create', 'update', 'restore', 'move', 'publish']);

/**
 * A Restore button's name: when, what and who; entries alike in all three (same minute) also
 * say which one, counted from the newest, so no two buttons share a name.
 */
function restoreName(entries: readonly HistoryEntry[], index: number, labelOf: (field: string) => string): string {
  const nameOf = (entry: HistoryEntry) =>
    `Restore the version of ${when(entry.at)} (${ACTION_LABEL[entry.action] ?? entry.action}${entry.changed.length ? ` ${entry.changed.map(labelOf).join(', ')}` : ''} by ${entry.username ?? 'initial content'})`;
  const name = nameOf(entries[index]!);
  return entries.some((other, i) => i !== index && nameOf(other) === name) ? `${name}, change ${index + 1} from the newest` : name;
}

/** The History tab of an edit dialog: the record's changes, newest first, 20 at a time, each restorable. */
export function HistoryPanel({
  collection,
  id,
  labelOf,
  onRestored,
  canRestore = true,
}: {
  collection: string;
  id: number;
  labelOf(field: string): string;
  onRestored(): void;
  /** The role may put an earlier version back on the site (a contributor may not). */
  canRestore?: boolean;
}) {
  const failures = useAdminFailures();
  const client = useApolloClient();
  const history = useQuery(contentHistoryDocument, { variables: { collection, id }, fetchPolicy: 'network-only' });
  const [restore] = useMutation(AdminRestoreRevisionDocument);
  const [restoring, setRestoring] = useState<number | null>(null);
  /** Pages fetched with "Show older", after the first. */
  const [older, setOlder] = useState<{ entries: HistoryEntry[]; more: boolean; loading: boolean }>({ entries: [], more: true, loading: false });
  const firstPage = history.data?.contentHistory ?? [];
  const entries = [...firstPage.slice(0, HISTORY_PAGE), ...older.entries];
  const hasOlder = older.entries.length === 0 ? firstPage.length > HISTORY_PAGE : older.more;

  async function showOlder() {
    const shown = entries.length;
    setOlder((o) => ({ ...o, loading: true }));
    try {
      const result = await client.query({ query: contentHistoryDocument, variables: { collection, id, offset: shown }, fetchPolicy: 'network-only' });
      const page = result.data?.contentHistory ?? [];
      setOlder((o) => ({ entries: [...o.entries, ...page.slice(0, HISTORY_PAGE)], more: page.length > HISTORY_PAGE, loading: false }));
      // Keyboard users continue at the first entry that arrived.
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-history-index="${shown}"]`)?.focus());
    } catch (error) {
      setOlder((o) => ({ ...o, loading: false }));
      failures.report(error, 'Failed to load older changes');
    }
  }

  async function restoreEntry(revisionId: number) {
    setRestoring(revisionId);
    try {
      await restore({ variables: { revisionId } });
      notify('success', 'Success', 'Earlier version restored');
      onRestored();
    } catch (error) {
      failures.report(error, 'Failed to restore this version');
    } finally {
      setRestoring(null);
    }
  }

  if (history.loading && !history.data) return <Text color="fg.muted">Loading history…</Text>;
  if (history.error) return <Text color="fg.error">Failed to load the history. Please try again later.</Text>;
  if (entries.length === 0) return <Text color="fg.muted">No changes recorded yet.</Text>;
  return (
    <Box>
      <Stack as="ol" gap="0" listStyleType="none" aria-label="Changes, newest first">
        {entries.map((entry, index) => (
          <HStack as="li" key={entry.id} py="3" gap="3" borderBottomWidth={index < entries.length - 1 ? '1px' : undefined} align="start" tabIndex={-1} data-history-index={index} outline="none" _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}>
            <Box flex="1" minW="0">
              <HStack gap="2" wrap="wrap">
                <Badge variant="subtle" colorPalette={ACTION_PALETTE[entry.action] ?? 'gray'}>
                  {ACTION_LABEL[entry.action] ?? entry.action}
                </Badge>
                <Text fontSize="sm" color="fg.muted">
                  {when(entry.at)} · {entry.username ?? 'initial content'}
                </Text>
              </HStack>
              <EntryChanges entry={entry} collection={collection} labelOf={labelOf} />
            </Box>
            {canRestore && index > 0 && RESTORABLE.has(entry.action) && (
              <Button
                size="xs"
                variant="outline"
                aria-label={restoreName(entries, index, labelOf)}
                loading={restoring === entry.id}
                onClick={() => void restoreEntry(entry.id)}
              >
                Restore
              </Button>
            )}
          </HStack>
        ))}
      </Stack>
      {hasOlder && (
        <Button mt="3" size="sm" variant="outline" w={{ base: 'full', sm: 'auto' }} loading={older.loading} loadingText="Loading..." onClick={() => void showOlder()}>
          Show older
        </Button>
      )}
    </Box>
  );
}
