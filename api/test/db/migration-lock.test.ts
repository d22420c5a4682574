import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { loadConfig } from '../../src/config.js';
import { migrationsList } from '../../src/db/migrations/index.js';
import { migrate, openOrm } from '../../src/db/orm.js';
import { seedFirstAdmin, seedFirstStartContent } from '../../src/db/seeds/first-start.js';
import { createTestDatabase } from '../helpers/test-app.js';

// Instances starting together against one fresh database (several replicas behind a load
// balancer): the migrations and the first-start seed run once, under a PostgreSQL advisory lock.

const logger = pino({ level: 'silent' });
const config = { ...loadConfig({ NODE_ENV: 'test' }), adminUsername: 'admin', adminPassword: 'first admin password' };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const orms: MikroORM[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  for (let i = 0; i < 3; i++) orms.push(await openOrm(database.url, logger));
});
afterAll(async () => {
  for (const orm of orms) await orm.close(true);
  await database?.drop();
});

const firstStart = (orm: MikroORM) => async () => {
  await seedFirstStartContent(orm.em.fork());
  await seedFirstAdmin(orm.em.fork(), config, logger);
};

async function count(orm: MikroORM, table: string): Promise<number> {
  const rows = await orm.em.fork().getConnection().execute<{ n: string }[]>(`select count(*) as n from ${table}`);
  return Number(rows[0].n);
}

describe('migrations under an advisory lock', () => {
  it('two instances migrating one fresh database at once: one applies everything, the other nothing', async () => {
    const [first, second] = await Promise.all([migrate(orms[0], firstStart(orms[0])), migrate(orms[1], firstStart(orms[1]))]);
    const applied = [first, second].sort((a, b) => a.length - b.length);
    expect(applied[0]).toEqual([]);
    expect(applied[1]).toHaveLength(migrationsList.length);
    expect(await count(orms[0], 'mikro_orm_migrations')).toBe(migrationsList.length);
    // The first-start seed ran under the same lock: one admin, one of each singleton.
    expect(await count(orms[0], 'users')).toBe(1);
    expect(await count(orms[0], 'landing_content')).toBe(1);
    expect(await count(orms[0], 'statistics')).toBe(1);
  });

  it('a start that fails under the lock releases it for the next one', async () => {
    await expect(
      migrate(orms[0], async () => {
        throw new Error('seed failed');
      }),
    ).rejects.toThrow('seed failed');
    // Would wait forever if the failed call still held the lock.
    expect(await migrate(orms[2], firstStart(orms[2]))).toEqual([]);
    const locks = await orms[2].em
      .fork()
      .getConnection()
      .execute<{ n: string }[]>(`select count(*) as n from pg_locks where locktype = 'advisory' and granted`);
    expect(Number(locks[0].n)).toBe(0);
  });
});
