import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { AdminUndoDeleteDocument } from '../../graphql/generated/graphql';
import { notify, toaster } from '../../components/notifications';
import { useAdminFailures } from '../auth/session-expiry';
import type { CollectionDefinition } from './collection-definition';

/**
 * Deleting a row: at once, without asking; the success message offers Undo for 8 s, which
 * restores it. Focus then goes to the neighbouring row's edit button (or the heading).
 */
export function useDeleteRecord<Row extends { id: number; version?: number }>(
  definition: CollectionDefinition<Row>,
  { rows, refresh, focusAfter }: { rows: Row[]; refresh(): Promise<unknown>; focusAfter(id: number | undefined): void },
) {
  const { operations } = definition;
  const failures = useAdminFailures();
  const [remove] = useMutation(operations.remove);
  const [undoDelete] = useMutation(AdminUndoDeleteDocument);
  /** The row whose delete is on its way. */
  const [deleting, setDeleting] = useState<number | null>(null);

  async function undo(id: number) {
    try {
      await undoDelete({ variables: { collection: operations.collection, id } });
      notify('success', 'Success', `${definition.entity} restored`);
      await refresh();
    } catch (error) {
      failures.report(error, `Failed to restore the ${definition.noun}`);
    }
  }

  async function deleteRow(row: Row) {
    if (!row.id) {
      notify('error', 'Error', definition.missingIdMessage);
      return;
    }
    setDeleting(row.id);
    const id = row.id;
    const index = rows.findIndex((r) => r.id === id);
    const next = rows[index + 1] ?? rows[index - 1];
    try {
      await remove({ variables: { id } });
      toaster.remove();
      toaster.create({
        type: 'success',
        title: 'Success',
        description: `${definition.entity} deleted successfully`,
        closable: true,
        duration: 8000,
        action: { label: 'Undo', onClick: () => void undo(id) },
      });
      await refresh();
      focusAfter(next?.id);
    } catch (error) {
      failures.report(error, `Failed to delete ${definition.noun}`);
    } finally {
      setDeleting(null);
    }
  }

  return { deleting, deleteRow };
}
