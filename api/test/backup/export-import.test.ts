import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import * as tar from 'tar';
import { createApp } from '../../src/app.js';
import { exportSite } from '../../src/backup/export-site.js';
import { importSite } from '../../src/backup/import-site.js';
import { migrate, openOrm } from '../../src/db/orm.js';
import { seedDemoContent } from '../../src/db/seeds/demo-content.js';
import { localStorageFor, type ImageStorage } from '../../src/uploads/storage.js';
import { request } from '../helpers/http.js';
import { createTestDatabase, startTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app.js';

// Backup and restore: export a site with demo content and images, import it into a fresh
// database and data folder, and compare what the API answers; refusals change nothing.

const silent = pino({ level: 'silent' });
const PUBLIC_PATHS = ['countries', 'brands', 'team-members', 'news', 'clients', 'contact-info', 'landing-content', 'statistics'].map(
  (p) => `/api/${p}`,
);
const GRAPHQL_QUERY = `{ countries { id name code flagImageUrl displayOrder } brands { id name logoUrl websiteUrl description }
  teamMembers { id name position pictureUrl brief } news { id title pictureUrl brief content link featured createdAt }
  clients { id title pictureUrl brief country featured } contactInfo { id type value label icon }
  landingContent { id heroTagline heroSubtitle companyDescription mainWebsiteUrl } statistics { id yearEstablished expertCount projectCount partnerCount } }`;

let source: TestApp;
let work: string;
let archive: string;
const cleanups: (() => Promise<void>)[] = [];

interface Target {
  orm: MikroORM;
  storage: ImageStorage;
  dataDir: string;
}

/** A fresh, migrated database and an empty data folder, as `npm run import` sees them. */
async function freshTarget(): Promise<Target> {
  const database = await createTestDatabase();
  const orm = await openOrm(database.url, silent);
  await migrate(orm);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-target-'));
  cleanups.push(async () => {
    await orm.close(true);
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { orm, storage: localStorageFor(dataDir), dataDir };
}

async function serve(target: Target): Promise<string> {
  const { app, close } = await createApp({
    orm: target.orm,
    config: { ...source.deps.config, dataDir: target.dataDir },
    logger: silent,
    storage: target.storage,
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  cleanups.unshift(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function tableCounts(orm: MikroORM): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['users', 'news', 'countries', 'brands', 'team_members', 'clients', 'contact_info', 'landing_content', 'statistics', 'content_history', 'webhook_endpoints']) {
    const [{ count }] = await orm.em.getConnection().execute<{ count: string }[]>(`select count(*) as count from "${table}"`);
    counts[table] = Number(count);
  }
  return counts;
}

const storedFiles = (target: Target) => (fs.existsSync(path.join(target.dataDir, 'uploads')) ? fs.readdirSync(path.join(target.dataDir, 'uploads')) : []);

/** Unpacks the good archive, lets `damage` change the copy, packs it again. */
async function tampered(name: string, damage: (dir: string) => void): Promise<string> {
  const dir = fs.mkdtempSync(path.join(work, 'tamper-'));
  await tar.x({ file: archive, cwd: dir });
  damage(dir);
  const file = path.join(work, name);
  await tar.c({ gzip: true, file, cwd: dir }, fs.readdirSync(dir));
  return file;
}

beforeAll(async () => {
  source = await startTestApp();
  await seedDemoContent(source.orm.em.fork(), source.deps.storage);
  await source.orm.em
    .getConnection()
    .execute(`insert into webhook_endpoints (url, secret, collections, active) values ('https://hooks.example.com/a', 'a secret of sixteen+', '["news"]', true)`);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
  archive = path.join(work, 'site.tar.gz');
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await source?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('export then import', () => {
  it('gives identical API responses and identical image bytes in a fresh data folder', async () => {
    const exported = await exportSite({ orm: source.orm, storage: source.deps.storage }, archive);
    expect(exported.tables.users).toBe(1);
    expect(exported.tables.news).toBeGreaterThan(0);
    // The history comes along: a restored site keeps its undo and restore points.
    expect(exported.tables.content_history).toBeGreaterThan(0);
    expect(exported.files).toBeGreaterThan(0);

    const target = await freshTarget();
    const imported = await importSite(target, archive);
    expect(imported).toEqual({ tables: exported.tables, files: exported.files });
    const restored = await serve(target);

    const images = new Set<string>();
    for (const route of PUBLIC_PATHS) {
      const [before, after] = await Promise.all([request(source.baseUrl, 'GET', route), request(restored, 'GET', route)]);
      expect(after.status).toBe(200);
      expect(after.body).toEqual(before.body);
      for (const match of JSON.stringify(before.body).matchAll(/\/uploads\/[A-Za-z0-9._-]+/g)) images.add(match[0]);
    }
    const query = { json: { query: GRAPHQL_QUERY } };
    const [gqlBefore, gqlAfter] = await Promise.all([request(source.baseUrl, 'POST', '/graphql', query), request(restored, 'POST', '/graphql', query)]);
    expect(gqlAfter.body.errors).toBeUndefined();
    expect(gqlAfter.body).toEqual(gqlBefore.body);

    expect(images.size).toBeGreaterThan(0);
    for (const image of images) {
      const [before, after] = await Promise.all([fetch(source.baseUrl + image), fetch(restored + image)]);
      expect(after.status).toBe(200);
      expect(Buffer.from(await after.arrayBuffer()).equals(Buffer.from(await before.arrayBuffer()))).toBe(true);
    }

    // The admin account came along (same password), and new rows get fresh ids.
    const login = await request(restored, 'POST', '/api/login', { json: TEST_ADMIN });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    const created = await request(restored, 'POST', '/api/admin/countries', {
      cookie,
      json: { name: 'Freedonia', code: 'FD', flagImageUrl: 'https://example.com/fd.png' },
    });
    expect(created.status).toBe(201);
    const maxBefore = Math.max(...((await request(source.baseUrl, 'GET', '/api/countries')).body as { id: number }[]).map((c) => c.id));
    expect(created.body.id).toBeGreaterThan(maxBefore);
    expect((await target.orm.em.getConnection().execute('select url, collections from webhook_endpoints'))).toEqual([
      { url: 'https://hooks.example.com/a', collections: ['news'] },
    ]);

    // Importing again refuses: the target is no longer empty, and stays as it is.
    const counts = await tableCounts(target.orm);
    await expect(importSite(target, archive)).rejects.toThrow(/The target database is not empty: users \(1\)/);
    expect(await tableCounts(target.orm)).toEqual(counts);
  });
});

describe('a refused import changes nothing', () => {
  beforeAll(async () => {
    if (!fs.existsSync(archive)) await exportSite({ orm: source.orm, storage: source.deps.storage }, archive);
  });

  async function expectRefusedAndUntouched(file: string, message: RegExp) {
    const target = await freshTarget();
    const before = await tableCounts(target.orm);
    await expect(importSite(target, file)).rejects.toThrow(message);
    expect(await tableCounts(target.orm)).toEqual(before);
    expect(Object.values(before).every((n) => n === 0)).toBe(true);
    expect(storedFiles(target)).toEqual([]);
  }

  it('a table whose bytes changed (checksum mismatch)', async () => {
    const file = await tampered('edited.tar.gz', (dir) => {
      const news = path.join(dir, 'tables', 'news.json');
      fs.writeFileSync(news, fs.readFileSync(news, 'utf8').replace('"title":"', '"title":"X'));
    });
    await expectRefusedAndUntouched(file, /Checksum mismatch for tables\/news\.json: the archive is corrupted/);
  });

  it('an image whose bytes changed', async () => {
    const file = await tampered('image.tar.gz', (dir) => {
      const [image] = fs.readdirSync(path.join(dir, 'uploads'));
      const bytes = fs.readFileSync(path.join(dir, 'uploads', image));
      bytes[bytes.length - 1] ^= 0xff;
      fs.writeFileSync(path.join(dir, 'uploads', image), bytes);
    });
    await expectRefusedAndUntouched(file, /Checksum mismatch for uploads\//);
  });

  it('a bad manifest: another format version, or none at all', async () => {
    const newer = await tampered('newer.tar.gz', (dir) => {
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
      fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ ...manifest, formatVersion: 2 }));
    });
    await expectRefusedAndUntouched(newer, /format version 2; this version of the site reads 1/);
    const none = await tampered('no-manifest.tar.gz', (dir) => fs.rmSync(path.join(dir, 'manifest.json')));
    await expectRefusedAndUntouched(none, /no readable manifest\.json/);
  });

  it('a truncated archive, and a file that is not an archive', async () => {
    const truncated = path.join(work, 'truncated.tar.gz');
    const bytes = fs.readFileSync(archive);
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expectRefusedAndUntouched(truncated, /The archive is damaged/);
    const text = path.join(work, 'notes.tar.gz');
    fs.writeFileSync(text, 'not an archive');
    await expectRefusedAndUntouched(text, /The archive is damaged|no readable manifest/);
  });

  it('a storage failure half-way: the rows roll back and the files already written are removed', async () => {
    const target = await freshTarget();
    const disk = target.storage;
    let saves = 0;
    const failing: ImageStorage = {
      save: async (name, bytes) => {
        if (++saves === 3) throw new Error('disk full');
        await disk.save(name, bytes);
      },
      open: (name) => disk.open(name),
      has: (name) => disk.has(name),
      remove: (name) => disk.remove(name),
      list: () => disk.list(),
    };
    await expect(importSite({ orm: target.orm, storage: failing }, archive)).rejects.toThrow('disk full');
    expect(Object.values(await tableCounts(target.orm)).every((n) => n === 0)).toBe(true);
    expect(storedFiles(target)).toEqual([]);
  });
});

describe('drafts in a backup', () => {
  it('come along whole, incomplete ones too, and a new record gets an id after every drafted one', async () => {
    const cookie = await source.login();
    const draft = await request(source.baseUrl, 'POST', '/api/admin/news/drafts', { cookie, json: { title: 'Half written' } });
    expect(draft.status).toBe(201);
    const [live] = (await request(source.baseUrl, 'GET', '/api/news?limit=1')).body as { id: number }[];
    const liveRecord = (await request(source.baseUrl, 'GET', `/api/news/${live!.id}`)).body as Record<string, unknown>;
    await request(source.baseUrl, 'PUT', `/api/admin/news/${live!.id}/draft`, { cookie, json: { ...liveRecord, title: 'A pending change' } });
    const file = path.join(work, 'with-drafts.tar.gz');
    const exported = await exportSite({ orm: source.orm, storage: source.deps.storage }, file);
    expect(exported.tables.content_draft).toBe(2);

    const target = await freshTarget();
    await importSite(target, file);
    const restored = await serve(target);
    const login = await request(restored, 'POST', '/api/login', { json: TEST_ADMIN });
    const restoredCookie = login.headers.getSetCookie()[0].split(';')[0];
    const drafts = await request(restored, 'GET', '/api/admin/news/drafts', { cookie: restoredCookie });
    expect(drafts.body.items).toEqual([expect.objectContaining({ recordId: draft.body.recordId, state: 'DRAFT', values: expect.objectContaining({ title: 'Half written' }) })]);
    const pending = await request(restored, 'GET', `/api/admin/news/${live!.id}/draft`, { cookie: restoredCookie });
    expect(pending.body).toMatchObject({ state: 'CHANGED', values: expect.objectContaining({ title: 'A pending change' }) });
    const created = await request(restored, 'POST', '/api/admin/news', { cookie: restoredCookie, json: { ...liveRecord, id: undefined, slug: undefined, title: 'After the import' } });
    expect(created.status).toBe(201);
    expect(created.body.id).toBeGreaterThan(draft.body.recordId);
  });
});

describe('old addresses in a backup', () => {
  it('come along: an article renamed before the export still redirects from its old slug after the import', async () => {
    const cookie = await source.login();
    const made = await request(source.baseUrl, 'POST', '/api/admin/news', {
      cookie,
      json: { title: 'Renamed before the backup', slug: 'first-address', pictureUrl: '/uploads/x.png', brief: 'Brief' },
    });
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    expect((await request(source.baseUrl, 'PUT', `/api/admin/news/${id}`, { cookie, json: { ...made.body, slug: 'second-address' } })).status).toBe(200);
    const file = path.join(work, 'with-redirects.tar.gz');
    const exported = await exportSite({ orm: source.orm, storage: source.deps.storage }, file);
    expect(exported.tables.slug_redirects).toBeGreaterThanOrEqual(1);

    const target = await freshTarget();
    await importSite(target, file);
    const rows = await target.orm.em.fork().getConnection().execute<{ old_slug: string; record_id: number }[]>(
      `select old_slug, record_id from slug_redirects where collection = 'news' and old_slug = 'first-address'`,
    );
    expect(rows).toEqual([{ old_slug: 'first-address', record_id: id }]);
  });
});
