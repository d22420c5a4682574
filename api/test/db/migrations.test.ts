import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { migrate, openOrm } from '../../src/db/orm.js';
import { createTestDatabase } from '../helpers/test-app.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let orm: MikroORM;
beforeAll(async () => {
  database = await createTestDatabase();
  orm = await openOrm(database.url, pino({ level: 'silent' }));
});
afterAll(async () => {
  await orm?.close(true);
  await database?.drop();
});

describe('migrations', () => {
  it('build every table from an empty database', async () => {
    const applied = await migrate(orm);
    expect(applied.length).toBeGreaterThan(0);
    const tables = await orm.em
      .fork()
      .getConnection()
      .execute<{ table_name: string }[]>(`select table_name from information_schema.tables where table_schema = 'public'`);
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining([
        'users',
        'sessions',
        'landing_content',
        'statistics',
        'countries',
        'brands',
        'team_members',
        'news',
        'clients',
        'contact_info',
        'login_throttle',
      ]),
    );
  });

  it('match the entities exactly (a changed entity needs a new migration)', async () => {
    const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim()).toBe('');
  });

  it('give sessions the shape connect-pg-simple expects', async () => {
    const columns = await orm.em
      .fork()
      .getConnection()
      .execute<{ column_name: string; data_type: string; is_nullable: string }[]>(
        `select column_name, data_type, is_nullable from information_schema.columns where table_name = 'sessions' order by column_name`,
      );
    expect(columns).toEqual([
      { column_name: 'expire', data_type: 'timestamp without time zone', is_nullable: 'NO' },
      { column_name: 'sess', data_type: 'json', is_nullable: 'NO' },
      { column_name: 'sid', data_type: 'character varying', is_nullable: 'NO' },
    ]);
  });

  it('apply nothing the second time', async () => {
    expect(await migrate(orm)).toEqual([]);
  });
});
