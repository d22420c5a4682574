import type { Opt, TriggerDef } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

// The webhook tables. These entities only give the schema diff (and the migrations test) the
// shape of the tables; webhooks.service.ts and delivery-worker.ts use SQL, because claiming
// deliveries needs `FOR UPDATE SKIP LOCKED` and the outbox is written by database triggers.

/** An integrator's receiver: where to POST, the signing secret, which collections (none = all). */
@Entity({ tableName: 'webhook_endpoints' })
export class WebhookEndpoint {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'text' })
  url!: string;

  @Property({ type: 'text' })
  secret!: string;

  /** JSON array of collection names (`news`, `team-members`, ...); empty: every collection. */
  @Property({ type: 'json' })
  collections!: string[];

  @Property({ type: 'boolean' })
  active!: boolean;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt!: Opt<Date>;
}

/**
 * The outbox: one row per event and endpoint, inserted by the content tables' triggers in the
 * writing transaction (so a change and its events commit or roll back together), then claimed
 * and sent by one worker (delivery-worker.ts), retried until delivered or a day old.
 */
@Entity({ tableName: 'webhook_deliveries' })
@Index({ name: 'webhook_deliveries_due_idx', properties: ['status', 'nextAttemptAt'] })
export class WebhookDelivery {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @ManyToOne(() => WebhookEndpoint, { deleteRule: 'cascade', index: true })
  endpoint!: WebhookEndpoint;

  /** Stable per delivery: receivers de-duplicate retries by it (X-Webhook-Id). */
  @Property({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  eventId!: Opt<string>;

  /** `content.changed`, or `webhook.test` for the admin's test button. */
  @Property({ type: 'text' })
  event!: string;

  /** REST name of the collection (`team-members`); null for a test event. */
  @Property({ type: 'text', nullable: true })
  collection?: string | null;

  /** The changed record's id; null for a truncate or a test event. */
  @Property({ type: 'integer', nullable: true })
  recordId?: number | null;

  /** created, updated, deleted, truncated, test. */
  @Property({ type: 'text' })
  action!: string;

  /** The content revision the change produced. */
  @Property({ type: 'bigint' })
  revision!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  occurredAt!: Opt<Date>;

  /** pending, delivered, failed (gave up after a day). */
  @Property({ type: 'text', defaultRaw: `'pending'` })
  status!: Opt<string>;

  @Property({ type: 'integer', defaultRaw: '0' })
  attempts!: Opt<number>;

  /** When a worker may (re)try it; also pushed ahead while one holds it (a lease). */
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  nextAttemptAt!: Opt<Date>;

  @Property({ type: 'datetime', nullable: true })
  deliveredAt?: Date | null;

  @Property({ type: 'integer', nullable: true })
  lastStatusCode?: number | null;

  @Property({ type: 'integer', nullable: true })
  lastLatencyMs?: number | null;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  /**
   * What an event carries besides its envelope (`enquiry.created`: the enquiry), sent as `data`;
   * null for content events. Cleared once delivered or given up, so the log keeps no personal data.
   */
  @Property({ type: 'json', nullable: true })
  payload?: Record<string, unknown> | null;
}

/** Every delivery attempt, for the admin's log: HTTP status (or the error) and latency. */
@Entity({ tableName: 'webhook_attempts' })
export class WebhookAttempt {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @ManyToOne(() => WebhookDelivery, { deleteRule: 'cascade', index: true })
  delivery!: WebhookDelivery;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  attemptedAt!: Opt<Date>;

  @Property({ type: 'integer', nullable: true })
  statusCode?: number | null;

  @Property({ type: 'integer' })
  latencyMs!: number;

  @Property({ type: 'text', nullable: true })
  error?: string | null;
}

export const webhookEntities = [WebhookEndpoint, WebhookDelivery, WebhookAttempt];

/** The outbox triggers of a content table, by event, and the rows they see. */
export const WEBHOOK_TRIGGER_EVENTS = [
  ['insert', 'new table as changed_rows'],
  ['update', 'new table as changed_rows'],
  ['delete', 'old table as changed_rows'],
] as const;

/**
 * The triggers that write the outbox, on a content table, as the entity metadata declares them
 * (`expression`s: transition tables are beyond the metadata's trigger options; db/content-triggers.ts
 * creates them, and their TRUNCATE twin, on every content table). Named `webhook_*` so PostgreSQL
 * fires them after `bump_content_revision` (same timing, alphabetical order) and they read the
 * revision this statement produced. `collection`: the REST name the events carry.
 */
export function webhookOutboxTriggers(table: string, collection: string): TriggerDef[] {
  return WEBHOOK_TRIGGER_EVENTS.map(([event, referencing]) => ({
    name: `webhook_on_${event}`,
    timing: 'after',
    events: [event],
    forEach: 'statement',
    expression: webhookTriggerSql(table, event, referencing, collection),
  }));
}

/**
 * `create trigger` of an outbox trigger. With `collection`, the trigger names the events'
 * collection; without (the webhooks migration's), the function derives it from the table's name.
 */
export function webhookTriggerSql(table: string, event: string, referencing: string, collection?: string): string {
  const argument = collection === undefined ? '' : `'${collection.replaceAll("'", "''")}'`;
  return `create trigger "webhook_on_${event}" after ${event} on "${table}" referencing ${referencing} for each statement execute function webhook_enqueue_content_change(${argument})`;
}

/**
 * The function every outbox trigger runs: one delivery per changed row (none for a TRUNCATE) and
 * matching active endpoint, carrying the revision of this very change. The collection is the
 * trigger's argument (the type's REST path); triggers from before it had one derive it from the
 * table's name ('team_members' -> 'team-members').
 */
export const WEBHOOK_ENQUEUE_FUNCTION = `create or replace function webhook_enqueue_content_change() returns trigger language plpgsql as $$
declare
  changed_collection text := coalesce(TG_ARGV[0], replace(TG_TABLE_NAME, '_', '-'));
  current_revision bigint;
  change_action text := case TG_OP when 'INSERT' then 'created' when 'UPDATE' then 'updated' when 'DELETE' then 'deleted' else 'truncated' end;
begin
  if not exists (select 1 from webhook_endpoints where active) then
    return null;
  end if;
  select coalesce((select revision from content_revision where id = 1), 0) into current_revision;
  if TG_OP = 'TRUNCATE' then
    insert into webhook_deliveries (endpoint_id, event, collection, record_id, action, revision)
    select e.id, 'content.changed', changed_collection, null, change_action, current_revision
    from webhook_endpoints e
    where e.active and (jsonb_array_length(e.collections) = 0 or e.collections @> jsonb_build_array(changed_collection));
  else
    insert into webhook_deliveries (endpoint_id, event, collection, record_id, action, revision)
    select e.id, 'content.changed', changed_collection, r.id, change_action, current_revision
    from changed_rows r cross join webhook_endpoints e
    where e.active and (jsonb_array_length(e.collections) = 0 or e.collections @> jsonb_build_array(changed_collection))
    order by r.id, e.id;
  end if;
  return null;
end $$`;

/** A delivery row joined with its outbox event, as the SQL of the service and the worker reads it. */
export interface DeliveryEventRow {
  id: string;
  event_id: string;
  event: string;
  collection: string | null;
  record_id: number | null;
  action: string;
  revision: string;
  occurred_at: Date;
  attempts: number;
  /** Only the worker's claim reads it. */
  payload?: Record<string, unknown> | null;
}
