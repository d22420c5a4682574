import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Heading, HStack, Table, Text } from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';
import { AdminWebhookDeliveriesDocument } from '../../graphql/generated/graphql';
import { useAdminFailures } from '../auth/session-expiry';
import { contentLabel } from '../shell/content-labels';
import { formatDateTime } from '../shell/format-date';
import { cardBody, cardCell, cardMessageCell, cardMessageRow, cardRow, cardScrollArea, cardTable, visuallyHiddenOnPhones } from '../shell/card-table';

const STATUS_PALETTE: Record<string, string> = { delivered: 'green', pending: 'orange', failed: 'red' };
/** The log refreshes itself while open, so a test event shows up without a click. */
const POLL_MS = 3000;

/** The newest deliveries of one endpoint: what, when, status, attempts, HTTP status and latency. */
export function DeliveryLog({ endpointId, url }: { endpointId: number; url: string }) {
  const failures = useAdminFailures();
  const { data, error, refetch, loading } = useQuery(AdminWebhookDeliveriesDocument, {
    variables: { endpointId },
    pollInterval: POLL_MS,
    notifyOnNetworkStatusChange: false,
  });
  useEffect(() => {
    if (error) failures.report(error, 'Failed to load deliveries');
  }, [error, failures]);
  const rows = data?.webhookDeliveries ?? [];

  return (
    <Box as="section" aria-label="Delivery log" mt="8">
      <HStack justify="space-between" mb="3" wrap="wrap">
        <Box>
          <Heading as="h2" size="lg">
            Delivery log
          </Heading>
          <Text color="fg.muted" fontSize="sm" wordBreak="break-all">
            {url}
          </Text>
        </Box>
        <Button size="sm" variant="outline" onClick={() => void refetch()} loading={loading && !data}>
          <RefreshCw /> Refresh
        </Button>
      </HStack>
      <Table.ScrollArea {...cardScrollArea}>
        <Table.Root size="sm" {...cardTable}>
          <Table.Header {...visuallyHiddenOnPhones}>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader>Time</Table.ColumnHeader>
              <Table.ColumnHeader>Event</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Attempts</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">HTTP</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Latency</Table.ColumnHeader>
              <Table.ColumnHeader>Last error</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body {...cardBody}>
            {rows.length === 0 && (
              <Table.Row {...cardMessageRow}>
                <Table.Cell colSpan={7} {...cardMessageCell}>
                  No deliveries yet. Change some content or send a test event.
                </Table.Cell>
              </Table.Row>
            )}
            {rows.map((row) => (
              <Table.Row key={row.id} {...cardRow}>
                <Table.Cell data-label="Time" {...cardCell} whiteSpace="nowrap">
                  {formatDateTime(row.occurredAt)}
                </Table.Cell>
                <Table.Cell data-label="Event" {...cardCell}>
                  {row.event === 'webhook.test' ? 'Test event' : `${row.collection ? contentLabel(row.collection) : ''} ${row.recordId ?? ''} ${row.action}`}
                </Table.Cell>
                <Table.Cell data-label="Status" {...cardCell}>
                  <Badge colorPalette={STATUS_PALETTE[row.status] ?? 'gray'}>{row.status}</Badge>
                </Table.Cell>
                <Table.Cell data-label="Attempts" {...cardCell} textAlign={{ md: 'end' }}>
                  {row.attempts}
                </Table.Cell>
                <Table.Cell data-label="HTTP" {...cardCell} textAlign={{ md: 'end' }}>
                  {row.lastStatusCode ?? '—'}
                </Table.Cell>
                <Table.Cell data-label="Latency" {...cardCell} textAlign={{ md: 'end' }}>
                  {row.lastLatencyMs === null || row.lastLatencyMs === undefined ? '—' : `${row.lastLatencyMs} ms`}
                </Table.Cell>
                <Table.Cell data-label="Last error" {...cardCell} color="fg.muted" display={{ base: row.lastError ? 'flex' : 'none', md: 'table-cell' }}>
                  {row.lastError ?? ''}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}
