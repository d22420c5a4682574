import { useState } from 'react';
import type { FormikHelpers } from 'formik';
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, HStack, IconButton, Table, Text } from '@chakra-ui/react';
import { ListChecks, Pencil, Plus, Send, Trash } from 'lucide-react';
import {
  AdminCreateWebhookDocument,
  AdminDeleteWebhookDocument,
  AdminSendTestWebhookDocument,
  AdminUpdateWebhookDocument,
  AdminWebhooksDocument,
  type AdminWebhooksQuery,
} from '../../graphql/generated/graphql';
import { notify } from '../../components/notifications';
import { useAdminFailures } from '../auth/session-expiry';
import { fieldErrors } from '../errors';
import { ScreenHeader } from '../shell/ScreenHeader';
import { contentLabel } from '../shell/content-labels';
import { cardActionsCell, cardBody, cardCell, cardMessageCell, cardMessageRow, cardRow, cardScrollArea, cardTable, stickyEnd, visuallyHiddenOnPhones } from '../shell/card-table';
import { DeliveryLog } from './DeliveryLog';
import { EMPTY_WEBHOOK, WebhookDialog, type WebhookFormValues } from './WebhookDialog';

type Endpoint = AdminWebhooksQuery['webhooks'][number];

/** Tablets (768 px): a narrower URL column and tighter actions, so the State column fits beside the sticky actions. */

/** Admin screen: webhook endpoints (add, edit, delete, send a test event) and each one's delivery log. */
export function WebhooksPage() {
  const failures = useAdminFailures();
  const list = useQuery(AdminWebhooksDocument);
  const [create] = useMutation(AdminCreateWebhookDocument);
  const [update] = useMutation(AdminUpdateWebhookDocument);
  const [remove] = useMutation(AdminDeleteWebhookDocument);
  const [sendTest] = useMutation(AdminSendTestWebhookDocument);
  const [dialog, setDialog] = useState<{ open: boolean; editing: Endpoint | null }>({ open: false, editing: null });
  const [selected, setSelected] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const refetch = () => list.refetch().catch((error: unknown) => failures.report(error, 'Failed to load webhooks'));

  async function save(values: WebhookFormValues, helpers: FormikHelpers<WebhookFormValues>) {
    const input = { url: values.url.trim(), secret: values.secret.trim(), collections: values.collections, active: values.active };
    try {
      if (dialog.editing) {
        await update({ variables: { id: dialog.editing.id, input } });
        notify('success', 'Success', 'Webhook updated successfully');
      } else {
        await create({ variables: { input } });
        notify('success', 'Success', 'Webhook added successfully');
      }
      setDialog({ open: false, editing: null });
      await refetch();
    } catch (error) {
      const errors = fieldErrors(error);
      if (Object.keys(errors).length > 0) {
        helpers.setErrors(errors);
        helpers.setTouched(Object.fromEntries(Object.keys(errors).map((f) => [f, true])), false);
      }
      failures.report(error, `Failed to ${dialog.editing ? 'update' : 'add'} webhook`);
    }
  }

  async function run(key: string, action: () => Promise<unknown>, success: string, failure: string) {
    setBusy(key);
    try {
      await action();
      notify('success', 'Success', success);
    } catch (error) {
      failures.report(error, failure);
    } finally {
      setBusy(null);
    }
  }

  if (list.loading && !list.data) return null;
  const endpoints = list.data?.webhooks ?? [];
  const collections = list.data?.webhookCollections ?? [];
  const shown = endpoints.find((e) => e.id === selected);

  return (
    <Box>
      <ScreenHeader title="Webhooks" description="Notify other systems when content changes">
        <Button colorPalette="brand" onClick={() => setDialog({ open: true, editing: null })}>
          <Plus /> Add Webhook
        </Button>
      </ScreenHeader>

      {list.error && !list.data ? (
        <Text color="fg.error">Failed to load webhooks. Please try again later.</Text>
      ) : (
        <Table.ScrollArea {...cardScrollArea}>
          <Table.Root size="sm" {...cardTable}>
            <Table.Header {...visuallyHiddenOnPhones}>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader py="3">URL</Table.ColumnHeader>
                <Table.ColumnHeader py="3">Collections</Table.ColumnHeader>
                <Table.ColumnHeader py="3">State</Table.ColumnHeader>
                <Table.ColumnHeader py="3" textAlign="end" w="1%" {...stickyEnd} bg="bg.subtle">
                  Actions
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body {...cardBody}>
              {endpoints.length === 0 && (
                <Table.Row {...cardMessageRow}>
                  <Table.Cell colSpan={4} {...cardMessageCell}>
                    No webhooks yet. Use “Add Webhook” to register the first receiver.
                  </Table.Cell>
                </Table.Row>
              )}
              {endpoints.map((endpoint) => (
                <Table.Row key={endpoint.id} aria-selected={endpoint.id === selected} {...cardRow}>
                  <Table.Cell data-label="URL" {...cardCell} wordBreak="break-all" minW={{ md: '24', lg: '40' }}>
                    {endpoint.url}
                  </Table.Cell>
                  <Table.Cell data-label="Collections" {...cardCell}>
                    {endpoint.collections.length === 0 ? 'All' : endpoint.collections.map(contentLabel).join(', ')}
                  </Table.Cell>
                  <Table.Cell data-label="State" {...cardCell}>
                    <Badge colorPalette={endpoint.active ? 'green' : 'gray'}>{endpoint.active ? 'Active' : 'Paused'}</Badge>
                  </Table.Cell>
                  <Table.Cell {...cardActionsCell}>
                    <HStack gap={{ base: '1', md: '0', lg: '1' }} justify="end">
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Send test event to ${endpoint.url}`}
                        title="Send test event"
                        loading={busy === `test-${endpoint.id}`}
                        onClick={() =>
                          void run(
                            `test-${endpoint.id}`,
                            async () => {
                              await sendTest({ variables: { id: endpoint.id } });
                              setSelected(endpoint.id);
                            },
                            'Test event queued',
                            'Failed to send test event',
                          )
                        }
                      >
                        <Send />
                        {/* Icon only on tablets, so the URL keeps its room (phones have the card's width). */}
                        <Box as="span" display={{ base: 'inline', md: 'none', lg: 'inline' }}>
                          Send test event
                        </Box>
                      </Button>
                      <IconButton aria-label={`Delivery log of ${endpoint.url}`} title="Delivery log" size="sm" variant="ghost" onClick={() => setSelected(endpoint.id)}>
                        <ListChecks />
                      </IconButton>
                      <IconButton aria-label={`Edit ${endpoint.url}`} title="Edit" size="sm" variant="ghost" onClick={() => setDialog({ open: true, editing: endpoint })}>
                        <Pencil />
                      </IconButton>
                      <IconButton
                        aria-label={`Delete ${endpoint.url}`}
                        title="Delete"
                        size="sm"
                        variant="ghost"
                        colorPalette="red"
                        loading={busy === `delete-${endpoint.id}`}
                        onClick={() =>
                          void run(
                            `delete-${endpoint.id}`,
                            async () => {
                              await remove({ variables: { id: endpoint.id } });
                              if (selected === endpoint.id) setSelected(null);
                              await refetch();
                            },
                            'Webhook deleted successfully',
                            'Failed to delete webhook',
                          )
                        }
                      >
                        <Trash />
                      </IconButton>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}

      {shown && <DeliveryLog endpointId={shown.id} url={shown.url} />}

      <WebhookDialog
        open={dialog.open}
        editing={dialog.editing !== null}
        collections={collections}
        initialValues={
          dialog.editing
            ? { url: dialog.editing.url, secret: '', collections: dialog.editing.collections, active: dialog.editing.active }
            : EMPTY_WEBHOOK
        }
        onClose={() => setDialog({ open: false, editing: null })}
        onSave={save}
      />
    </Box>
  );
}
