import type { EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { bumpContentRevisionTrigger } from './content-revision.entity.js';
import { WEBHOOK_ENQUEUE_FUNCTION, WEBHOOK_TRIGGER_EVENTS, webhookOutboxTriggers } from '../webhooks/webhook.entities.js';
import { EDGE_PURGE_FUNCTION, edgePurgeTriggers, edgePurgeTriggerSql } from '../edge/edge-purge.entity.js';

// The triggers every content table has, generated from the registry: the content revision's bump
// (and NOTIFY), the webhook outbox and the edge purge queue, each after insert, update, delete and truncate. The entity
// metadata declares the insert/update/delete ones (so the schema diff and a generated migration
// know them); TRUNCATE triggers are not in information_schema.triggers, which the schema diff
// reads, so they exist only here. All are (re)created idempotently after the migrations run
// (db/orm.ts migrate), so a new content type gets them with no SQL written by hand.

/** A content table and the REST name its webhook events carry. */
export interface ContentTable {
  table: string;
  collection: string;
  /** Its entity, which the metadata triggers are declared on. */
  schema?: EntitySchema;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Declares the insert/update/delete triggers on a content table's entity metadata. */
export function declareContentTriggers({ table, collection, schema }: ContentTable): void {
  schema?.meta.triggers.push(bumpContentRevisionTrigger, ...edgePurgeTriggers(table, collection), ...webhookOutboxTriggers(table, collection));
}

/** Every statement that puts the triggers on one content table (each safe to run again). */
export function contentTableTriggerSql({ table, collection }: ContentTable): string[] {
  const bump = `${table}_${bumpContentRevisionTrigger.name}_fn`;
  const onTable = (name: string, events: string, rest: string) =>
    `create or replace trigger ${quoted(name)} after ${events} on ${quoted(table)} ${rest}`;
  return [
    // The function name and body MikroORM gives a metadata trigger ({table}_{trigger}_fn), so the diff sees no change.
    `create or replace function ${quoted(bump)}() returns trigger as $$ begin ${String(bumpContentRevisionTrigger.body)}; end; $$ language plpgsql`,
    onTable('bump_content_revision', 'insert or update or delete', `for each statement execute function ${quoted(bump)}()`),
    onTable('bump_content_revision_on_truncate', 'truncate', `for each statement execute function ${quoted(bump)}()`),
    ...WEBHOOK_TRIGGER_EVENTS.map(([event, referencing]) =>
      onTable(`webhook_on_${event}`, event, `referencing ${referencing} for each statement execute function webhook_enqueue_content_change(${literal(collection)})`),
    ),
    onTable('webhook_on_truncate', 'truncate', `for each statement execute function webhook_enqueue_content_change(${literal(collection)})`),
    // What the edge must purge (edge/edge-purge.entity.ts).
    ...(['insert', 'update', 'delete', 'truncate'] as const).map((event) => edgePurgeTriggerSql(table, collection, event)),
  ];
}

/** The trigger SQL of every content table, after the outbox and purge functions they share. */
export function contentTriggerSql(tables: readonly ContentTable[]): string[] {
  return [WEBHOOK_ENQUEUE_FUNCTION, EDGE_PURGE_FUNCTION, ...tables.flatMap(contentTableTriggerSql)];
}

/**
 * Creates or replaces the triggers of every content table that exists, in one transaction; a
 * table still missing (a type whose migration has not been generated yet) is left out and named
 * in the result.
 */
export async function applyContentTriggers(em: EntityManager, tables: readonly ContentTable[]): Promise<{ missing: string[] }> {
  if (tables.length === 0) return { missing: [] };
  const connection = em.getConnection();
  const present = new Set(
    (
      await connection.execute<{ table_name: string }[]>(
        `select table_name from information_schema.tables where table_schema = current_schema() and table_name in (${tables.map(() => '?').join(', ')})`,
        tables.map((t) => t.table),
      )
    ).map((row) => row.table_name),
  );
  const sql = contentTriggerSql(tables.filter((t) => present.has(t.table)));
  await em.transactional(async (tx) => {
    await tx.getConnection().execute(sql.join(';\n'), [], 'run');
  });
  return { missing: tables.filter((t) => !present.has(t.table)).map((t) => t.table) };
}
