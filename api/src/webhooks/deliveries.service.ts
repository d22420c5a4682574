import type { EntityManager } from '@mikro-orm/postgresql';
import { requirePermission } from '../auth/permissions.js';
import type { Caller } from '../content/collection.js';
import { ValidationFailed } from '../shared/errors.js';
import type { DeliveryEventRow } from './webhook.entities.js';
import { existingEndpoint } from './webhooks.service.js';

// The delivery log of a webhook endpoint, and its test event: the one place for their rules (the
// GraphQL resolver and the REST routes call these).

export interface WebhookDeliveryView {
  id: string;
  eventId: string;
  event: string;
  collection: string | null;
  recordId: number | null;
  action: string;
  revision: string;
  occurredAt: Date;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
  lastStatusCode: number | null;
  lastLatencyMs: number | null;
  lastError: string | null;
}

/** Most deliveries one read of the log returns, and how many when not said. */
export const MAX_LOG_ROWS = 200;
export const DEFAULT_LOG_ROWS = 50;

/** `limit`: a whole number from 1 to MAX_LOG_ROWS (text from a query string too); absent: DEFAULT_LOG_ROWS. Refused, not clamped, like list limits. */
export async function listDeliveries(em: EntityManager, endpointId: number, caller: Caller, rawLimit?: unknown): Promise<WebhookDeliveryView[]> {
  await requirePermission(em, caller, 'webhooks');
  const limit = rawLimit === undefined || rawLimit === null ? DEFAULT_LOG_ROWS : wholeNumber(rawLimit);
  if (limit === null || limit < 1 || limit > MAX_LOG_ROWS) {
    throw new ValidationFailed([{ field: 'limit', message: `limit must be a whole number from 1 to ${MAX_LOG_ROWS}` }], 'Invalid list parameters');
  }
  await existingEndpoint(em, endpointId);
  const rows = await em
    .getConnection()
    .execute<DeliveryRow[]>(`select * from webhook_deliveries where endpoint_id = ? order by id desc limit ?`, [
      endpointId,
      limit,
    ]);
  return rows.map(deliveryView);
}

/** Queues a `webhook.test` event for this endpoint through the outbox, like any other event. */
export async function sendTestEvent(em: EntityManager, endpointId: number, caller: Caller): Promise<WebhookDeliveryView> {
  await requirePermission(em, caller, 'webhooks');
  await existingEndpoint(em, endpointId);
  const [row] = await em.getConnection().execute<DeliveryRow[]>(
    `insert into webhook_deliveries (endpoint_id, event, collection, record_id, action, revision)
     values (?, 'webhook.test', null, null, 'test', coalesce((select revision from content_revision where id = 1), 0))
     returning *`,
    [endpointId],
  );
  return deliveryView(row);
}

function wholeNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? raw : null;
  return typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : null;
}

interface DeliveryRow extends DeliveryEventRow {
  status: string;
  next_attempt_at: Date;
  delivered_at: Date | null;
  last_status_code: number | null;
  last_latency_ms: number | null;
  last_error: string | null;
}

function deliveryView(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: String(row.id),
    eventId: row.event_id,
    event: row.event,
    collection: row.collection,
    recordId: row.record_id,
    action: row.action,
    revision: String(row.revision),
    occurredAt: new Date(row.occurred_at),
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: new Date(row.next_attempt_at),
    deliveredAt: row.delivered_at ? new Date(row.delivered_at) : null,
    lastStatusCode: row.last_status_code,
    lastLatencyMs: row.last_latency_ms,
    lastError: row.last_error,
  };
}
