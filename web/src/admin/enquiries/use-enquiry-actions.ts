import { useState } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { AdminDeleteEnquiryDocument, AdminMarkEnquiryHandledDocument, AdminRestoreEnquiryDocument } from '../../graphql/generated/graphql';
import { notify, toaster } from '../../components/notifications';
import { useAdminFailures } from '../auth/session-expiry';

/** How long the "deleted" message (and its Undo) stays. */
export const UNDO_DURATION_MS = 8000;

/**
 * The inbox's changes: mark handled or not, delete (soft, at once, without asking) with Undo in
 * the message that follows, which restores it. After each, the lists and the unread count are
 * dropped from the cache so every screen showing them asks again.
 */
export function useEnquiryActions() {
  const client = useApolloClient();
  const failures = useAdminFailures();
  const [mark] = useMutation(AdminMarkEnquiryHandledDocument);
  const [remove] = useMutation(AdminDeleteEnquiryDocument);
  const [restore] = useMutation(AdminRestoreEnquiryDocument);
  const [busy, setBusy] = useState<'handled' | 'delete' | null>(null);

  function forgetLists() {
    client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'enquiries' });
    client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'enquiryCounts' });
    client.cache.gc();
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
  async function deleteEnquiry(id: number, name: string): Promise<boolean> {
    setBusy('delete');
    try {
      await remove({ variables: { id } });
      client.cache.evict({ id: client.cache.identify({ __typename: 'Enquiry', id }) });
      forgetLists();
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
