import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { migrate, openOrm } from '../src/db/orm.js';
import { PageCache, readContentRevision, type RenderOutcome } from '../src/site/page-cache.js';
import { createTestDatabase } from './test-app.js';

// The content revision (triggers on a real PostgreSQL) and the page cache keyed by it.

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

const sql = (query: string) => orm.em.fork().getConnection().execute(query);
const revision = async () => BigInt(await readContentRevision(orm.em.fork()));

/** A valid row for each content table (columns without defaults). */
const CONTENT_ROWS: Record<string, string> = {
  landing_content: `(hero_tagline, hero_subtitle, company_description) values ('t', 's', 'd')`,
  statistics: `(year_established, expert_count, project_count, partner_count) values ('2001', 1, 2, 3)`,
  countries: `(name, code, flag_image_url) values ('Chile', 'CL', '/uploads/cl.png')`,
  brands: `(name, logo_url, website_url) values ('Acme', '/uploads/a.png', 'https://acme.example')`,
  team_members: `(name, position, picture_url) values ('Ada', 'Partner', '/uploads/ada.png')`,
  news: `(title, picture_url, brief) values ('News', '/uploads/n.png', 'Brief')`,
  clients: `(title, picture_url) values ('Project', '/uploads/p.png')`,
  contact_info: `(type, value) values ('email', 'hello@example.com')`,
};

describe('content revision', () => {
  it('starts at 0 on a fresh database', async () => {
    expect(await revision()).toBe(0n);
  });

  it.each(Object.keys(CONTENT_ROWS))('moves on insert, update, delete and truncate of %s', async (table) => {
    let before = await revision();
    await sql(`insert into ${table} ${CONTENT_ROWS[table]}`);
    expect(await revision()).toBe(before + 1n);

    before = await revision();
    await sql(`update ${table} set id = id`);
    expect(await revision()).toBe(before + 1n);

    before = await revision();
    await sql(`delete from ${table} where id = (select max(id) from ${table})`);
    expect(await revision()).toBe(before + 1n);

    await sql(`insert into ${table} ${CONTENT_ROWS[table]}`);
    before = await revision();
    await sql(`truncate ${table}`);
    expect(await revision()).toBe(before + 1n);
  });

  it('moves once per statement, however many rows it touches', async () => {
    await sql(`insert into news ${CONTENT_ROWS.news}, ('Second', '/uploads/2.png', 'b'), ('Third', '/uploads/3.png', 'c')`);
    const before = await revision();
    await sql(`update news set featured = true`);
    expect(await revision()).toBe(before + 1n);
  });

  it('does not move for a write that rolls back, nor for other tables', async () => {
    const before = await revision();
    await expect(
      orm.em.fork().transactional(async (em) => {
        await em.getConnection().execute(`insert into countries ${CONTENT_ROWS.countries}`, [], 'run', em.getTransactionContext());
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await sql(`insert into login_throttle (key, failures, window_started_at) values ('ip:x', 1, now())`);
    expect(await revision()).toBe(before);
  });

  it('is visible to other connections only with the write that moved it', async () => {
    const before = await revision();
    await orm.em.fork().transactional(async (em) => {
      await em.getConnection().execute(`update brands set name = name || '!'`, [], 'run', em.getTransactionContext());
      // Another connection (another app instance) still sees the old revision until the commit.
      expect(await revision()).toBe(before);
    });
    expect(await revision()).toBe(before + 1n);
  });
});

describe('page cache', () => {
  const page = (html: string, status = 200) => ({ page: { status, html }, cacheable: status === 200 });
  function counted(outcome: (n: number) => RenderOutcome) {
    let calls = 0;
    const render = async () => outcome(++calls);
    return { render, calls: () => calls };
  }

  it('serves a hit for the same revision and page, and renders again once the revision moves', async () => {
    const cache = new PageCache();
    const r = counted((n) => page(`render ${n}`));
    expect(await cache.get('1', '/', r.render)).toEqual({ ...page('render 1'), hit: false });
    expect(await cache.get('1', '/', r.render)).toEqual({ ...page('render 1'), hit: true });
    expect(await cache.get('1', '/news', r.render)).toMatchObject({ page: { html: 'render 2' }, hit: false });
    expect(await cache.get('2', '/', r.render)).toMatchObject({ page: { html: 'render 3' }, hit: false });
    // Moving on dropped every page of revision 1.
    expect(cache.size).toBe(1);
    expect(cache.revision).toBe('2');
    expect(await cache.get('2', '/', r.render)).toMatchObject({ page: { html: 'render 3' }, hit: true });
    // Any other revision, even a lower one (a restored database), is a move too.
    expect(await cache.get('1', '/', r.render)).toMatchObject({ page: { html: 'render 4' }, hit: false });
    expect(r.calls()).toBe(4);
  });

  it('keeps no 404s and no pages left to the browser', async () => {
    const cache = new PageCache();
    const missing = counted(() => page('not found', 404));
    await cache.get('1', '/nope', missing.render);
    expect(await cache.get('1', '/nope', missing.render)).toMatchObject({ hit: false, cacheable: false });
    const fallback = counted(() => ({ page: { status: 200, html: 'shell' }, cacheable: false }));
    await cache.get('1', '/', fallback.render);
    expect(await cache.get('1', '/', fallback.render)).toMatchObject({ hit: false });
    expect(missing.calls() + fallback.calls()).toBe(4);
    expect(cache.size).toBe(0);
  });

  it('does not keep a page rendered for a revision the cache has since left', async () => {
    const cache = new PageCache();
    let finish!: (outcome: RenderOutcome) => void;
    const slow = cache.get('1', '/', () => new Promise<RenderOutcome>((resolve) => (finish = resolve)));
    await cache.get('2', '/news', async () => page('news at 2'));
    finish(page('landing at 1'));
    expect(await slow).toMatchObject({ page: { html: 'landing at 1' }, hit: false });
    expect(cache.size).toBe(1);
    expect(await cache.get('2', '/', async () => page('landing at 2'))).toMatchObject({ page: { html: 'landing at 2' }, hit: false });
  });

  it('shares one render among concurrent misses of the same page', async () => {
    const cache = new PageCache();
    const r = counted((n) => page(`render ${n}`));
    const results = await Promise.all(Array.from({ length: 5 }, () => cache.get('1', '/', r.render)));
    expect(r.calls()).toBe(1);
    expect(new Set(results.map((x) => x.page.html))).toEqual(new Set(['render 1']));
  });

  it('stays bounded by entries, dropping the least recently used first', async () => {
    const cache = new PageCache({ maxEntries: 3 });
    for (const url of ['/a', '/b', '/c']) await cache.get('1', url, async () => page(url));
    await cache.get('1', '/a', async () => page('again'));
    await cache.get('1', '/d', async () => page('/d'));
    expect(cache.size).toBe(3);
    expect(await cache.get('1', '/a', async () => page('re-rendered'))).toMatchObject({ hit: true });
    expect(await cache.get('1', '/b', async () => page('re-rendered'))).toMatchObject({ hit: false });
    for (let i = 0; i < 100; i += 1) await cache.get('1', `/page-${i}`, async () => page('x'));
    expect(cache.size).toBe(3);
  });

  it('stays bounded by size', async () => {
    const cache = new PageCache({ maxChars: 10 });
    await cache.get('1', '/a', async () => page('1234'));
    await cache.get('1', '/b', async () => page('1234'));
    await cache.get('1', '/c', async () => page('1234'));
    expect(cache.size).toBe(2);
    await cache.get('1', '/big', async () => page('12345678901'));
    expect(cache.size).toBe(2);
    expect(await cache.get('1', '/big', async () => page('12345678901'))).toMatchObject({ hit: false });
  });
});
