import { useState } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import type { Reference } from '@apollo/client';
import { AdminDeleteEnquiryDocument, AdminEnquiryCountsDocument, AdminMarkEnquiryHandledDocument, AdminRestoreEnquiryDocument } from '../../graphql/generated/graphql';
import { notify, toaster } from '../../components/notifications';
import { useAdminFailures } from '../auth/session-expiry';

/** A page of the inbox as the cache holds it (its rows are references to the normalised enquiries). */
type EnquiryPageRefs = { items: readonly Reference[]; total: number } & Record<string, unknown>;

/** How long the "deleted" message (and its Undo) stays. */
export const UNDO_DURATION_MS = 8000;

/**
 * The inbox's changes: mark handled or not, delete (soft, at once, without asking) with Undo in
 * the message that follows, which restores it. After each, the unread count is asked again and the
 * lists are asked again when next shown; a deleted enquiry leaves the cached lists at once.
 */
export function useEnquiryActions() {
  const client = useApolloClient();
  const failures = useAdminFailures();
  const [mark] = useMutation(AdminMarkEnquiryHandledDocument);
  const [remove] = useMutation(AdminDeleteEnquiryDocument);
  const [restore] = useMutation(AdminRestoreEnquiryDocument);
  const [busy, setBusy] = useState<'handled' | 'delete' | null>(null);

  /** The lists are asked again when next shown (a list on screen keeps its rows until then); the unread count at once. */
  function forgetLists() {
    client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'enquiries' });
    client.cache.gc();
    void client.refetchQueries({ include: [AdminEnquiryCountsDocument] }).catch(() => {
      // The count is asked again on its next poll.
    });
  }

  /** A deleted enquiry leaves every cached page and the counts at once, so the list it returns to never shows it. */
  function dropDeleted(id: number, wasUnread: boolean) {
    client.cache.modify<{ enquiries: EnquiryPageRefs; enquiryCounts: { unread: number; total: number } }>({
      id: 'ROOT_QUERY',
      fields: {
        enquiries(existing, { readField }) {
          const page = existing as EnquiryPageRefs;
          if (!page?.items) return existing;
          const items = page.items.filter((ref) => readField('id', ref) !== id);
          return items.length === page.items.length ? existing : { ...page, items, total: Math.max(0, page.total - 1) };
        },
        enquiryCounts(existing) {
          const counts = existing as { unread: number; total: number } | undefined;
          if (!counts) return existing;
          return { ...counts, total: Math.max(0, counts.total - 1), unread: wasUnread ? Math.max(0, counts.unread - 1) : counts.unread };
        },
      },
    });
  }

  async function markHandled(id: number, handled: boolean): Promise<boolean> {
    setBusy('handled');
    try {
      await mark({ variables: { id, handled } });
      forgetLists();
      notify('success', 'Success', handled ? 'Enquiry marked as handled' : 'Enquiry marked as unhandled');
      return true;
    } catch (error) {
      failures.report(error, handled ? 'Failed to mark the enquiry as handled' : 'Failed to mark the enquiry as unhandled');
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function undoDelete(id: number) {
    try {
      await restore({ variables: { id } });
      forgetLists();
      notify('success', 'Success', 'Enquiry restored');
    } catch (error) {
      failures.report(error, 'Failed to restore the enquiry');
    }
  }

  /** Deletes the enquiry; true when it went (the caller then leaves its screen). */
  async function deleteEnquiry({ id, name, handledAt }: { id: number; name: string; handledAt?: string | null }): Promise<boolean> {
    setBusy('delete');
    try {
      await remove({ variables: { id } });
      dropDeleted(id, !handledAt);
      toaster.remove();
      toaster.create({
        type: 'success',
        title: 'Success',
        description: `Enquiry from ${name} deleted`,
        closable: true,
        duration: UNDO_DURATION_MS,
        action: { label: 'Undo', onClick: () => void undoDelete(id) },
      });
      return true;
    } catch (error) {
      failures.report(error, 'Failed to delete the enquiry');
      return false;
    } finally {
      setBusy(null);
    }
  }

  return { busy, markHandled, deleteEnquiry };
}
