import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import * as tar from 'tar';
import { COMMAND_LINE, createUser } from '../../src/auth/accounts.service.js';
import { exportSite } from '../../src/backup/export-site.js';
import { importSite } from '../../src/backup/import-site.js';
import { migrate, openOrm } from '../../src/db/orm.js';
import { localStorageFor } from '../../src/uploads/storage.js';
import { createTestDatabase, startTestApp, type TestApp } from '../helpers/test-app.js';

// A backup carries what signs the staff in: the accounts with their authenticator apps (users'
// totp_* columns), their passkeys, their recovery codes (hashes) and the sign-in policy. The
// sessions and what only tells browsers and addresses apart (known_browsers, sign_in_addresses)
// and the spent step tokens stay behind. The rows are checked like any other: a passkey of no
// account, a recovery code that is not a hash, a policy row other than the one are refused.

const silent = pino({ level: 'silent' });
let source: TestApp;
let work: string;
let archive: string;
const cleanups: (() => Promise<void>)[] = [];

async function freshTarget(): Promise<{ orm: MikroORM; dataDir: string }> {
  const database = await createTestDatabase();
  const orm = await openOrm(database.url, silent);
  await migrate(orm);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-factors-target-'));
  cleanups.push(async () => {
    await orm.close(true);
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { orm, dataDir };
}

const rows = (orm: MikroORM, query: string) => orm.em.fork().getConnection().execute<Record<string, unknown>[]>(query);
const FACTOR_QUERIES = {
  users: `select id, username, totp_secret, totp_pending_secret, totp_pending_at, totp_last_step, totp_enabled_at from users order by username`,
  passkeys: `select id, user_id, credential_id, encode(public_key, 'hex') as public_key, counter, transports, name, backed_up, created_at, last_used_at from passkeys order by credential_id`,
  recoveryCodes: `select id, user_id, code_hash, created_at, used_at from recovery_codes order by id`,
  policy: `select id, require_second_factor, updated_at from auth_policy`,
};
async function factorRows(orm: MikroORM) {
  const result: Record<string, unknown> = {};
  for (const [name, query] of Object.entries(FACTOR_QUERIES)) result[name] = await rows(orm, query);
  return result;
}

/** Unpacks the archive, lets `damage` change one table's rows, packs it again (the manifest's digest updated). */
async function tamperedTable(name: string, table: string, damage: (rows: Record<string, unknown>[]) => void): Promise<string> {
  const dir = fs.mkdtempSync(path.join(work, 'tamper-'));
  await tar.x({ file: archive, cwd: dir });
  const file = path.join(dir, 'tables', `${table}.json`);
  const tableRows = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>[];
  damage(tableRows);
  const text = JSON.stringify(tableRows);
  fs.writeFileSync(file, text);
  const manifestFile = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { tables: { table: string; size: number; sha256: string; rows: number }[] };
  const entry = manifest.tables.find((t) => t.table === table)!;
  entry.size = Buffer.byteLength(text);
  entry.sha256 = (await import('node:crypto')).createHash('sha256').update(text).digest('hex');
  entry.rows = tableRows.length;
  fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
  const out = path.join(work, name);
  await tar.c({ gzip: true, file: out, cwd: dir }, fs.readdirSync(dir));
  return out;
}

beforeAll(async () => {
  source = await startTestApp();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-factors-'));
  archive = path.join(work, 'site.tar.gz');
  const sql = (query: string, params: unknown[] = []) => source.orm.em.fork().getConnection().execute(query, params);
  const { user } = await createUser(source.orm.em.fork(), COMMAND_LINE, { username: 'tess', password: 'tess password 1', role: 'editor' });
  await sql(`update users set totp_secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', totp_last_step = 59000001, totp_enabled_at = '2026-11-01T10:00:00Z' where id = ?`, [user.id]);
  await sql(
    `insert into passkeys (user_id, credential_id, public_key, counter, transports, name, backed_up, last_used_at)
     values (?, 'AbCd-_0123', '\\xa50102032620012158', 7, '["internal","hybrid"]', 'Work laptop', true, '2026-11-20T08:00:00Z'),
            (?, 'ZyXw987', '\\xa501', 0, null, 'Key', false, null)`,
    [user.id, user.id],
  );
  await sql(`insert into recovery_codes (user_id, code_hash, used_at) values (?, ?, null), (?, ?, now())`, [user.id, 'a'.repeat(64), user.id, 'b'.repeat(64)]);
  // What stays behind: a session, a known browser.
  await source.login();
  await sql(`insert into auth_policy (id, require_second_factor, updated_at) values (1, true, now())`);
  await sql(`insert into known_browsers (user_id, browser_hash, last_signed_in_at) values (?, 'hash', now())`, [user.id]);
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await source?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('a backup of the second factors', () => {
  it('round-trips the authenticator apps, passkeys, recovery codes and the policy; not the sessions or known browsers', async () => {
    const exported = await exportSite({ orm: source.orm, storage: source.deps.storage }, archive);
    expect({ passkeys: exported.tables.passkeys, codes: exported.tables.recovery_codes, policy: exported.tables.auth_policy }).toEqual({ passkeys: 2, codes: 2, policy: 1 });
    for (const table of ['sessions', 'known_browsers', 'sign_in_addresses', 'spent_nonces']) expect(exported.tables).not.toHaveProperty(table);

    const target = await freshTarget();
    await importSite({ orm: target.orm, storage: localStorageFor(target.dataDir) }, archive);
    expect(await factorRows(target.orm)).toEqual(await factorRows(source.orm));
    // New recovery codes get fresh ids after the restored ones.
    const [{ id }] = await rows(target.orm, `insert into recovery_codes (user_id, code_hash) select id, '${'c'.repeat(64)}' from users where username = 'tess' returning id`);
    expect(id).toBeGreaterThan(Math.max(...((await rows(source.orm, 'select id from recovery_codes')) as { id: number }[]).map((r) => r.id)));
    expect(await rows(target.orm, 'select * from known_browsers')).toEqual([]);
  });

  it('refuses rows no account could have', async () => {
    if (!fs.existsSync(archive)) await exportSite({ orm: source.orm, storage: source.deps.storage }, archive);
    const cases: [string, string, (rows: Record<string, unknown>[]) => void, RegExp][] = [
      ['passkey-user', 'passkeys', (r) => (r[0].user_id = 'not a uuid'), /The table passkeys, row 1 .*field user_id: Must be a UUID/],
      ['passkey-name', 'passkeys', (r) => (r[0].name = ''), /The table passkeys, row 1 .*field name: Name is required/],
      ['passkey-key', 'passkeys', (r) => (r[0].public_key = 'plain'), /The table passkeys, row 1 .*field public_key: Must be a public key/],
      ['code-hash', 'recovery_codes', (r) => (r[0].code_hash = 'abcde-fghjk'), /The table recovery_codes, row 1 .*field code_hash: Must be a SHA-256 hash/],
      ['policy-id', 'auth_policy', (r) => (r[0].id = 2), /The table auth_policy, row 1 .*field id: Must be 1/],
      ['totp-secret', 'users', (r) => (r.find((u) => u.username === 'tess')!.totp_secret = 'not base32!'), /The table users, row \d .*field totp_secret: Must be a base32 secret/],
      ['totp-step', 'users', (r) => (r.find((u) => u.username === 'tess')!.totp_last_step = -1), /The table users, row \d .*field totp_last_step: Must be a whole number from 0/],
    ];
    for (const [name, table, damage, message] of cases) {
      const target = await freshTarget();
      await expect(importSite({ orm: target.orm, storage: localStorageFor(target.dataDir) }, await tamperedTable(`${name}.tar.gz`, table, damage))).rejects.toThrow(message);
      expect(await rows(target.orm, 'select count(*)::int as n from users')).toEqual([{ n: 0 }]);
    }
  });

  it('imports an archive made before the second factors (without their tables)', async () => {
    const dir = fs.mkdtempSync(path.join(work, 'older-'));
    await tar.x({ file: archive, cwd: dir });
    const manifestFile = path.join(dir, 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { tables: { table: string }[] };
    const later = ['passkeys', 'recovery_codes', 'auth_policy'];
    manifest.tables = manifest.tables.filter((t) => !later.includes(t.table));
    fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
    for (const table of later) fs.rmSync(path.join(dir, 'tables', `${table}.json`));
    const older = path.join(work, 'older.tar.gz');
    await tar.c({ gzip: true, file: older, cwd: dir }, fs.readdirSync(dir));
    const target = await freshTarget();
    await importSite({ orm: target.orm, storage: localStorageFor(target.dataDir) }, older);
    expect(await rows(target.orm, `select username from users where username = 'tess'`)).toHaveLength(1);
    expect(await rows(target.orm, 'select * from passkeys')).toEqual([]);
  });
});
