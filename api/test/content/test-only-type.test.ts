// The fixture first: it registers its content type before anything below builds the registry.
import { testOnlyItems } from '../helpers/fixtures/test-only-type.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Migration } from '@mikro-orm/migrations';
import { pino } from 'pino';
import { migrate, openOrm } from '../../src/db/orm.js';
import { generateMigration, type GeneratedMigration } from '../../src/db/migration-files.js';
import { migrationsList } from '../../src/db/migrations/index.js';
import { changedField, validInput } from '../helpers/fixtures/content.js';
import { request } from '../helpers/http.js';
import { createTestDatabase, startTestApp, type TestApp } from '../helpers/test-app.js';

// A content type is one declaration plus a generated migration: the fixture declares a type and
// this file does what the README's steps do (generate the migration, list it, start), then finds
// the type on every surface: REST (public and admin), GraphQL, the OpenAPI document, its triggers.

let app: TestApp;
let cookie: string;
let migration: GeneratedMigration;
let migrationDir: string;
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => app.orm.em.fork().getConnection().execute<T[]>(text, params);

beforeAll(async () => {
  // `npm run migration:create`: the committed migrations on a scratch database, then the diff of
  // the entities against it, written as a migration file.
  const scratch = await createTestDatabase();
  const orm = await openOrm(scratch.url, pino({ level: 'silent' }));
  try {
    await migrate(orm);
    migrationDir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-only-migration-'));
    migration = await generateMigration(orm, migrationDir, 'test_only_items');
  } finally {
    await orm.close(true);
    await scratch.drop();
  }
  // Listed after the committed ones (what the generator does to migrations/index.ts), with the SQL it wrote.
  const { statements } = migration;
  class Generated extends Migration {
    override up(): void {
      for (const statement of statements) this.addSql(statement);
    }
  }
  migrationsList.push({ name: migration.className, class: Generated });
  // The app starts as it always does: it migrates (the generated migration too), then puts the triggers on.
  app = await startTestApp();
  cookie = await app.login();
});
afterAll(async () => {
  await app?.close();
  if (migrationDir) fs.rmSync(migrationDir, { recursive: true, force: true });
});

describe('a content type declared only in a test fixture', () => {
  it('gets its names from its type name', () => {
    expect(testOnlyItems).toMatchObject({ queryField: 'testOnlyItems', itemField: 'testOnlyItem', table: 'test_only_items', restPath: 'test-only-items' });
  });

  it('has its table, indexes and triggers in the generated migration, which the index would list', () => {
    expect(migration.fileName).toMatch(/^Migration\d{14}_test_only_items\.ts$/);
    const file = fs.readFileSync(path.join(migrationDir, migration.fileName), 'utf8');
    expect(file).toContain(`export class ${migration.className} extends Migration`);
    expect(file).toContain('create table "test_only_items"');
    expect(file).toContain('"test_only_items_search_index"');
    expect(file).toContain(`webhook_enqueue_content_change('test-only-items')`);
    // Nothing else: the migration holds only what the new type adds.
    expect(migration.statements.filter((statement) => !statement.includes('test_only_items'))).toEqual([]);
  });

  it('leaves no difference between the entities and the database once applied', async () => {
    expect((await app.orm.schema.getUpdateSchemaSQL({ wrap: false })).trim()).toBe('');
  });

  it('is created through the admin REST API and listed by the public one', async () => {
    const created = await request(app.baseUrl, 'POST', '/api/admin/test-only-items', { cookie, json: { name: '  First  ', featured: true } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'First', note: null, featured: true, displayOrder: expect.any(Number), version: 1 });
    const refused = await request(app.baseUrl, 'POST', '/api/admin/test-only-items', { cookie, json: { note: 'no name' } });
    expect(refused.status).toBe(400);
    const anonymous = await request(app.baseUrl, 'POST', '/api/admin/test-only-items', { json: { name: 'x' } });
    expect(anonymous.status).toBe(401);
    const listed = await request(app.baseUrl, 'GET', '/api/test-only-items');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ id: created.body.id, name: 'First' })]);
  });

  it('has a valid record and change in the shared content fixtures, derived from its declaration', async () => {
    expect(validInput['test-only-items']).toEqual({ name: 'Sample Name', note: 'Sample Note', featured: false });
    const created = await request(app.baseUrl, 'POST', '/api/admin/test-only-items', { cookie, json: validInput['test-only-items'] });
    expect(created.status).toBe(201);
    const [field, value] = changedField['test-only-items'];
    const updated = await request(app.baseUrl, 'PUT', `/api/admin/test-only-items/${created.body.id}`, { cookie, json: { ...validInput['test-only-items'], [field]: value } });
    expect(updated.body).toMatchObject({ id: created.body.id, name: 'Changed', version: 2 });
    expect((await request(app.baseUrl, 'DELETE', `/api/admin/test-only-items/${created.body.id}`, { cookie })).status).toBe(204);
  });

  it('is listed by its GraphQL query, with its item query and its create mutation', async () => {
    const response = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        query: `mutation { createTestOnlyItem(input: { name: "Second" }) { id name featured } }`,
      }),
    });
    const created = (await response.json()) as { data: { createTestOnlyItem: { id: number; name: string; featured: boolean } } };
    expect(created.data.createTestOnlyItem).toMatchObject({ name: 'Second', featured: false });
    const query = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `query($id: Int!) { testOnlyItems(search: "seco", limit: 10) { name } testOnlyItemsCount testOnlyItem(id: $id) { name version } }`,
        variables: { id: created.data.createTestOnlyItem.id },
      }),
    });
    expect(await query.json()).toEqual({
      data: { testOnlyItems: [{ name: 'Second' }], testOnlyItemsCount: 2, testOnlyItem: { name: 'Second', version: 1 } },
    });
  });

  it('is in the OpenAPI document: its public and admin paths and its schema', async () => {
    const document = (await request(app.baseUrl, 'GET', '/api/openapi.json')).body as { paths: Record<string, object>; components: { schemas: Record<string, object> } };
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/test-only-items', '/api/admin/test-only-items', '/api/admin/test-only-items/{id}']));
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['TestOnlyItem']));
  });

  it('has the revision, webhook and edge purge triggers every content table has, TRUNCATE included', async () => {
    const triggers = await sql<{ tgname: string; definition: string }>(
      `select tgname, pg_get_triggerdef(oid) as definition from pg_trigger where tgrelid = 'test_only_items'::regclass and not tgisinternal order by tgname`,
    );
    expect(triggers.map((t) => t.tgname)).toEqual([
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
    ]);
    const revision = async () => Number((await sql<{ revision: string }>('select revision from content_revision where id = 1'))[0].revision);
    await sql(`insert into webhook_endpoints (url, secret, collections, active) values ('http://127.0.0.1:9/', 's', '["test-only-items"]', true)`);
    const before = await revision();
    await sql(`truncate test_only_items`);
    expect(await revision()).toBe(before + 1);
    const [event] = await sql<{ collection: string; action: string }>(`select collection, action from webhook_deliveries order by id desc limit 1`);
    expect(event).toEqual({ collection: 'test-only-items', action: 'truncated' });
  });
});
