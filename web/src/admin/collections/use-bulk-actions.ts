import { useState } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { notify, toaster } from '../../components/notifications';
import { useAdminFailures } from '../auth/session-expiry';
import { undoDeleteManyDocument } from '../content-operations';
import { countOf } from './BulkBar';
import type { CollectionDefinition } from './collection-definition';
import type { Selection } from './use-selection';

export type BulkAction = 'delete' | 'feature' | 'unfeature';

/**
 * What is done to the selected rows of the page, each in one request: delete (Undo in the
 * message brings them all back), feature, unfeature. A done action clears the selection.
 */
export function useBulkActions<Row extends { id: number; version?: number }>(
  definition: CollectionDefinition<Row>,
  { rows, selection, refresh, focusAfter }: { rows: Row[]; selection: Selection; refresh(): Promise<unknown>; focusAfter(id: number | undefined): void },
) {
  const { operations, noun } = definition;
  const failures = useAdminFailures();
  const client = useApolloClient();
  const [removeMany] = useMutation(operations.removeMany);
  const [undoDeleteMany] = useMutation(undoDeleteManyDocument);
  /** The action on its way. */
  const [busy, setBusy] = useState<BulkAction | null>(null);
  /** 'news articles' for the failure messages ('the selected news articles'). */
  const plural = (n: number) => countOf(n, noun).replace(/^\S+ /, '');

  async function undoMany(ids: number[]) {
    try {
      await undoDeleteMany({ variables: { collection: operations.collection, ids } });
      notify('success', 'Success', `${countOf(ids.length, noun)} restored`);
      await refresh();
    } catch (error) {
      failures.report(error, `Failed to restore the ${plural(ids.length)}`);
    }
  }

  async function deleteSelected() {
    const ids = selection.ids;
    if (ids.length === 0) return;
    setBusy('delete');
    try {
      await removeMany({ variables: { ids } });
      toaster.remove();
      toaster.create({
        type: 'success',
        title: 'Success',
        description: `${countOf(ids.length, noun)} deleted successfully`,
        closable: true,
        duration: 8000,
        action: { label: 'Undo', onClick: () => void undoMany(ids) },
      });
      selection.clear();
      await refresh();
      focusAfter(rows.find((row) => !ids.includes(row.id))?.id);
    } catch (error) {
      failures.report(error, `Failed to delete the selected ${plural(ids.length)}`);
    } finally {
      setBusy(null);
    }
  }

  async function featureSelected(featured: boolean) {
    const ids = selection.ids;
    if (ids.length === 0 || !operations.updateFlags) return;
    setBusy(featured ? 'feature' : 'unfeature');
    try {
      await client.mutate({ mutation: operations.updateFlags, variables: { ids, featured } });
      notify('success', 'Success', `${countOf(ids.length, noun)} ${featured ? 'featured' : 'unfeatured'}`);
      selection.clear();
      await refresh();
    } catch (error) {
      failures.report(error, `Failed to update the selected ${plural(ids.length)}`);
    } finally {
      setBusy(null);
    }
  }

  return { busy, deleteSelected, featureSelected };
}
