import type { Opt, TriggerDef } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

// The purge queue: what the edge (Varnish, Fastly, Cloudflare, a signed HTTP receiver) must drop.
// A row is written by the content tables' triggers in the writing transaction, so a change and its
// purge commit or roll back together, and it names exactly the tags the change affects: its
// type's (`t:news`: every list, count and neighbour of the type) and each changed record's
// (`r:news:42`). The content tables hold only what is published (drafts live in content_draft,
// which has no such trigger), so saving a draft purges nothing; publishing, unpublishing,
// deleting and reordering do. Sent by a purger worker per instance (purge-worker.ts), retried
// with backoff for as long as the edge is down (never dropped), marked delivered and pruned later.
// Like the webhook outbox, the entity gives the schema diff the table's shape; the worker uses SQL.

@Entity({ tableName: 'edge_purges' })
@Index({ name: 'edge_purges_due_index', expression: `create index "edge_purges_due_index" on "edge_purges" ("next_attempt_at", "id") where "status" = 'pending'` })
@Index({ name: 'edge_purges_status_created_at_index', properties: ['status', 'createdAt'] })
export class EdgePurge {
  @PrimaryKey({ type: 'bigint' })
  id!: Opt<string>;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt!: Opt<Date>;

  /** The tags to purge (`all`, `t:<type>`, `r:<type>:<id>`). */
  @Property({ type: 'text[]', columnType: 'text[]' })
  tags!: string[];

  /** pending, or delivered (pruned a day later). */
  @Property({ type: 'text', defaultRaw: `'pending'` })
  status!: Opt<string>;

  @Property({ type: 'integer', defaultRaw: '0' })
  attempts!: Opt<number>;

  /** When a worker may (re)try it; also pushed ahead while one holds it (a lease). */
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  nextAttemptAt!: Opt<Date>;

  @Property({ type: 'datetime', nullable: true })
  deliveredAt?: Date | null;

  /** Why the last attempt failed. */
  @Property({ type: 'text', nullable: true })
  lastError?: string | null;
}

/** More changed rows than this in one statement purge `all` (a record tag each would make a huge request). */
export const MAX_RECORD_TAGS_PER_CHANGE = 1000;

/** The purge triggers of a content table, by event, and the rows they see. */
const PURGE_TRIGGER_EVENTS = [
  ['insert', 'new table as changed_rows'],
  ['update', 'new table as changed_rows'],
  ['delete', 'old table as changed_rows'],
] as const;

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** `create or replace trigger` of a content table's purge trigger for `event` (TRUNCATE: no transition table). */
export function edgePurgeTriggerSql(table: string, collection: string, event: 'insert' | 'update' | 'delete' | 'truncate'): string {
  const referencing = PURGE_TRIGGER_EVENTS.find(([name]) => name === event)?.[1];
  return `create or replace trigger "edge_purge_on_${event}" after ${event} on "${table.replaceAll('"', '""')}" ${referencing ? `referencing ${referencing} ` : ''}for each statement execute function edge_purge_enqueue(${literal(collection)})`;
}

/**
 * The purge triggers as the entity metadata declares them (so the schema diff knows them;
 * db/content-triggers.ts creates them, and their TRUNCATE twin, on every content table).
 */
export function edgePurgeTriggers(table: string, collection: string): TriggerDef[] {
  return PURGE_TRIGGER_EVENTS.map(([event]) => ({
    name: `edge_purge_on_${event}`,
    timing: 'after',
    events: [event],
    forEach: 'statement',
    expression: edgePurgeTriggerSql(table, collection, event).replace('create or replace trigger', 'create trigger'),
  }));
}

/**
 * The function every purge trigger runs: one queued purge per statement that changed rows, with
 * the type's tag and each changed record's (a truncate, or more than MAX_RECORD_TAGS_PER_CHANGE
 * rows: `all`). The type is the trigger's argument (its REST path).
 */
export const EDGE_PURGE_FUNCTION = `create or replace function edge_purge_enqueue() returns trigger language plpgsql as $$
declare
  changed_type text := TG_ARGV[0];
  changed_count int;
  record_tags text[];
begin
  if TG_OP = 'TRUNCATE' then
    insert into edge_purges (tags) values (array['all']);
    return null;
  end if;
  select count(*)::int, array_agg('r:' || changed_type || ':' || r.id order by r.id) into changed_count, record_tags from changed_rows r;
  if changed_count = 0 then
    return null;
  elsif changed_count > ${MAX_RECORD_TAGS_PER_CHANGE} then
    insert into edge_purges (tags) values (array['all']);
  else
    insert into edge_purges (tags) values (array['t:' || changed_type] || record_tags);
  end if;
  return null;
end $$`;
