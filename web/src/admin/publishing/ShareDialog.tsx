import { useState } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { Button, CloseButton, Dialog, Field, HStack, Input, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { Copy, Link2 } from 'lucide-react';
import { notify } from '../../components/notifications';
import { useAdminFailures } from '../auth/session-expiry';
import { createPreviewLinkDocument, previewLinksDocument, revokePreviewLinkDocument } from './publication-operations';
import { PreviewLinkList } from './PreviewLinkList';
import { useDialogContainer } from './dialog-container';

/** How long a new link lasts by default, and at most (days). */
const DEFAULT_DAYS = 7;
const MAX_DAYS = 30;

/** A link the server answered, as the reviewer will open it (a path gets this site's origin). */
const absolute = (url: string) => (url.startsWith('/') ? `${window.location.origin}${url}` : url);

/**
 * "Share preview": makes a link that shows the item's draft to someone without an account
 * (expiring after the days chosen), shows it once with Copy, and lists the item's links with Revoke.
 */
export function ShareDialog({ target, onClose }: { target: { collection: string; id: number; label: string } | null; onClose(): void }) {
  const container = useDialogContainer();
  return (
    <Dialog.Root open={!!target} onOpenChange={(details) => !details.open && onClose()} placement="center" size="md">
      <Portal container={container}>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            {target && <ShareBody target={target} onClose={onClose} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ShareBody({ target, onClose }: { target: { collection: string; id: number; label: string }; onClose(): void }) {
  const client = useApolloClient();
  const failures = useAdminFailures();
  const variables = { collection: target.collection, id: target.id };
  const links = useQuery(previewLinksDocument, { variables, fetchPolicy: 'network-only' });
  const [days, setDays] = useState(DEFAULT_DAYS);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);

  async function create() {
    setCreating(true);
    try {
      const result = await client.mutate({ mutation: createPreviewLinkDocument, variables: { ...variables, days } });
      const url = result.data?.createPreviewLink.url;
      setCreated(url ? absolute(url) : null);
      notify('success', 'Success', `Preview link created. It works for ${days} day${days === 1 ? '' : 's'}.`);
      await links.refetch();
    } catch (error) {
      failures.report(error, 'Failed to create a preview link');
    } finally {
      setCreating(false);
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      notify('success', 'Copied', 'The preview link is on the clipboard');
    } catch {
      notify('error', 'Could not copy', 'Select the link and copy it yourself');
    }
  }

  async function revoke(id: string) {
    setRevoking(id);
    try {
      await client.mutate({ mutation: revokePreviewLinkDocument, variables: { id } });
      notify('success', 'Success', 'Preview link revoked. It no longer opens.');
      await links.refetch();
    } catch (error) {
      failures.report(error, 'Failed to revoke the preview link');
    } finally {
      setRevoking(null);
    }
  }

  return (
    <>
      {/* Room at the end for the close button: a long item name wraps before it, never under it. */}
      <Dialog.Header pe="14">
        <Dialog.Title>Share a preview of “{target.label}”</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="5">
          <Text fontSize="sm" color="fg.muted">
            Anyone with the link sees this item’s draft as it will look on the site, without signing in, until the link expires or is revoked.
          </Text>
          <HStack align="end" gap="3" wrap="wrap">
            <Field.Root w="auto">
              <Field.Label>Link works for</Field.Label>
              <NativeSelect.Root w="36">
                <NativeSelect.Field name="days" value={String(days)} onChange={(event) => setDays(Number(event.currentTarget.value))}>
                  {Array.from({ length: MAX_DAYS }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n} day{n === 1 ? '' : 's'}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Button colorPalette="brand" loading={creating} loadingText="Creating..." onClick={() => void create()}>
              <Link2 /> Create link
            </Button>
          </HStack>
          {created && (
            <Field.Root>
              <Field.Label>New preview link</Field.Label>
              <HStack w="full" gap="2">
                <Input readOnly value={created} onFocus={(event) => event.currentTarget.select()} />
                <Button variant="outline" onClick={() => void copy(created)}>
                  <Copy /> Copy
                </Button>
              </HStack>
              <Field.HelperText>Shown only now: copy it before closing.</Field.HelperText>
            </Field.Root>
          )}
          <PreviewLinkList links={links.data?.previewLinks ?? null} failed={!!links.error} revoking={revoking} onRevoke={(id) => void revoke(id)} />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Done
        </Button>
      </Dialog.Footer>
    </>
  );
}
