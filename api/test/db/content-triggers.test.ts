import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { contentTypes } from '@consulting/model';
import { pino } from 'pino';
import { contentTriggerSql } from '../../src/db/content-triggers.js';
import { contentTables } from '../../src/db/entities.js';
import { migrate, openOrm } from '../../src/db/orm.js';
import { createTestDatabase } from '../helpers/test-app.js';

// Every content table's revision and webhook triggers come from one generator over the registry
// (db/content-triggers.ts), applied after the migrations on every start, so no content table
// lacks one and no trigger is written by hand for a new type.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let orm: MikroORM;
beforeAll(async () => {
  database = await createTestDatabase();
  orm = await openOrm(database.url, pino({ level: 'silent' }));
  await migrate(orm);
});
afterAll(async () => {
  await orm?.close(true);
  await database?.drop();
});

const sql = <T>(text: string) => orm.em.fork().getConnection().execute<T[]>(text);

describe('content table triggers', () => {
  it('cover every content type of the model, each with its REST path', () => {
    expect(contentTables.map((t) => [t.table, t.collection]).sort()).toEqual(contentTypes.map((t) => [t.table, t.restPath]).sort());
  });

  it('are on every content table: revision, edge purge queue and outbox, after insert, update, delete and truncate', async () => {
    const rows = await sql<{ table: string; name: string; definition: string }>(
      `select c.relname as table, t.tgname as name, pg_get_triggerdef(t.oid) as definition
       from pg_trigger t join pg_class c on c.oid = t.tgrelid where not t.tgisinternal order by 1, 2`,
    );
    for (const { table, collection } of contentTables) {
      const mine = rows.filter((row) => row.table === table);
      // Tables of items with pages of their own keep their slugs and change times too (content/pages/page-triggers.ts).
      const ownPages = contentTypes.find((type) => type.table === table)?.page ? ['keep_slug_redirects', 'make_missing_slug', 'stamp_updated_at'] : [];
      expect(mine.map((row) => row.name)).toEqual(
        [
          'bump_content_revision',
          'bump_content_revision_on_truncate',
          'edge_purge_on_delete',
          'edge_purge_on_insert',
          'edge_purge_on_truncate',
          'edge_purge_on_update',
          'webhook_on_delete',
          'webhook_on_insert',
          'webhook_on_truncate',
          'webhook_on_update',
          ...ownPages,
        ].sort(),
      );
      // The events carry the type's REST path, given to the function (no name rebuilt from the table's).
      for (const row of mine.filter((r) => r.name.startsWith('webhook_'))) {
        expect(row.definition).toContain(`webhook_enqueue_content_change('${collection}')`);
      }
      for (const row of mine.filter((r) => r.name.startsWith('edge_purge_'))) {
        expect(row.definition).toContain(`edge_purge_enqueue('${collection}')`);
      }
    }
  });

  it('are generated as statements each safe to run again (create or replace), and starting again changes nothing', async () => {
    const statements = contentTriggerSql(contentTables);
    expect(statements.length).toBe(2 + 11 * contentTables.length);
    for (const statement of statements) expect(statement).toMatch(/^create or replace (function|trigger) /);
    const before = await sql<{ n: number }>(`select count(*)::int as n from pg_trigger where not tgisinternal`);
    expect(await migrate(orm)).toEqual([]);
    expect(await sql<{ n: number }>(`select count(*)::int as n from pg_trigger where not tgisinternal`)).toEqual(before);
    expect((await orm.schema.getUpdateSchemaSQL({ wrap: false })).trim()).toBe('');
  });
});
