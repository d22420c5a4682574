import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { createApp } from '../../src/app.js';
import { exportSite } from '../../src/backup/export-site.js';
import { importSite } from '../../src/backup/import-site.js';
import { migrate, openOrm } from '../../src/db/orm.js';
import { seedFirstAdmin, seedFirstStartContent } from '../../src/db/seeds/first-start.js';
import { localStorageFor } from '../../src/uploads/storage.js';
import { request } from '../helpers/http.js';
import { createTestDatabase, startTestApp, type TestApp } from '../helpers/test-app.js';

// A backup carries the site settings, the simple pages, their old slugs' redirects and the
// placeholder drafts (they are content tables like the others): imported into a fresh database,
// the firm, its pages and its old addresses are back, and the first start there adds no placeholder
// pages of its own (the site's pages have a history).

const silent = pino({ level: 'silent' });
let source: TestApp;
let work: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  source = await startTestApp();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-identity-'));
}, 60_000);
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await source?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('a backup of the site identity and pages', () => {
  it('round-trips the settings, the pages, their redirects and drafts; the first start after the import adds nothing', async () => {
    const cookie = await source.login();
    const settings = (await request(source.baseUrl, 'GET', '/api/site-settings')).body;
    const saved = await request(source.baseUrl, 'PUT', `/api/admin/site-settings/${settings.id}`, {
      cookie,
      headers: { 'if-match': `"${settings.version}"` },
      json: { ...settings, firmName: 'Backup & Co', linkedinUrl: 'https://www.linkedin.com/company/example', city: 'Graz', timeZone: 'Europe/Vienna' },
    });
    expect(saved.status).toBe(200);
    const page = await request(source.baseUrl, 'POST', '/api/admin/pages', { cookie, json: { title: 'Our terms', slug: 'terms', description: 'Terms.', body: 'Be kind.' } });
    expect(page.status).toBe(201);
    expect((await request(source.baseUrl, 'PUT', `/api/admin/pages/${page.body.id}`, { cookie, json: { ...page.body, slug: 'terms-of-business' } })).status).toBe(200);

    const file = path.join(work, 'site.tar.gz');
    const exported = await exportSite({ orm: source.orm, storage: source.deps.storage }, file);
    expect({ settings: exported.tables.site_settings, pages: exported.tables.pages, drafts: exported.tables.content_draft }).toEqual({ settings: 1, pages: 1, drafts: 3 });

    const database = await createTestDatabase();
    const orm = await openOrm(database.url, silent);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-identity-target-'));
    cleanups.push(async () => {
      await orm.close(true);
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    await migrate(orm);
    await importSite({ orm, storage: localStorageFor(dataDir) }, file);
    // The server's first start on the restored database.
    await seedFirstStartContent(orm.em.fork());
    await seedFirstAdmin(orm.em.fork(), source.deps.config, silent);
    const { app, close } = await createApp({ orm, config: { ...source.deps.config, dataDir }, logger: silent, storage: localStorageFor(dataDir) });
    const server: Server = await new Promise((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    cleanups.unshift(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await close();
    });
    const restored = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    expect((await request(restored, 'GET', '/api/site-settings')).body).toEqual((await request(source.baseUrl, 'GET', '/api/site-settings')).body);
    expect((await request(restored, 'GET', '/api/pages')).body).toEqual((await request(source.baseUrl, 'GET', '/api/pages')).body);
    const redirects = await orm.em.fork().getConnection().execute(`select old_slug, record_id from slug_redirects where collection = 'pages'`);
    expect(redirects).toEqual([{ old_slug: 'terms', record_id: page.body.id }]);
    const drafts = await orm.em.fork().getConnection().execute<{ slug: string }[]>(`select values->>'slug' as slug from content_draft where collection = 'pages' order by record_id`);
    expect(drafts.map((row) => row.slug)).toEqual(['privacy-policy', 'imprint', 'accessibility-statement']);
  });
});
