import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import type { AppDeps } from '../../src/app-deps.js';
import { loadConfig, type Config } from '../../src/config.js';
import { migrate, openOrm } from '../../src/db/orm.js';
import pg from 'pg';
import { siteOrigin } from '../../src/seo/site-origin.js';
import { PublicCache, type Production } from '../../src/site/public-cache.js';
import type { ImageStorage } from '../../src/uploads/storage.js';
import { fakeRenders, startPagesApp } from '../helpers/fixtures/web-dist.js';
import { createTestDatabase } from '../helpers/test-app.js';

// The content revision (triggers on a real PostgreSQL, announced by NOTIFY) and the public read cache
// keyed by it. (Adapted: the page cache became the public read cache, public-cache.ts, with the
// same rules; the revision is no longer read per request.)

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
const revision = async () => {
  const rows = await orm.em.fork().getConnection().execute<{ revision: string }[]>(`select revision::text as revision from content_revision where id = 1`);
  return BigInt(rows[0].revision);
};

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

describe('content revision notifications', () => {
  it('announce each committed revision on the content_revision channel, and nothing for a rollback', async () => {
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    try {
      const received: string[] = [];
      listener.on('notification', (message) => {
        if (message.channel === 'content_revision') received.push(message.payload!);
      });
      await listener.query('LISTEN content_revision');
      await expect(
        orm.em.fork().transactional(async (em) => {
          await em.getConnection().execute(`insert into countries ${CONTENT_ROWS.countries}`, [], 'run', em.getTransactionContext());
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await sql(`insert into countries ${CONTENT_ROWS.countries}`);
      const committed = await revision();
      await listener.query('select 1'); // a round trip, so delivered notifications have been read
      for (let i = 0; i < 50 && received.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(received).toEqual([String(committed)]);
    } finally {
      await listener.end();
    }
  });
});

describe('public read cache', () => {
  const produced = (text: string, status = 200): Production => ({
    produced: { status, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: Buffer.from(text) },
    cacheable: status === 200,
  });
  function counted(outcome: (n: number) => Production) {
    let calls = 0;
    const render = async () => outcome(++calls);
    return { render, calls: () => calls };
  }
  const text = (result: { production: Production }) => result.production.produced.body.toString();

  it('serves a hit for the same revision and key, and produces again once the revision moves', async () => {
    const cache = new PublicCache();
    const r = counted((n) => produced(`render ${n}`));
    expect(await cache.getOrProduce('/', '1', r.render)).toMatchObject({ state: 'miss' });
    const hit = await cache.getOrProduce('/', '1', r.render);
    expect(hit.state).toBe('hit');
    expect(text(hit)).toBe('render 1');
    expect(text(await cache.getOrProduce('/news', '1', r.render))).toBe('render 2');
    const moved = await cache.getOrProduce('/', '2', r.render);
    expect([moved.state, text(moved)]).toEqual(['miss', 'render 3']);
    expect(text(await cache.getOrProduce('/', '2', r.render))).toBe('render 3');
    // Any other revision, even a lower one (a restored database), is a miss too.
    expect(await cache.getOrProduce('/', '1', r.render)).toMatchObject({ state: 'miss' });
    expect(r.calls()).toBe(4);
  });

  it('keeps the last bytes of a key across revisions, to serve as stale, until replaced', async () => {
    const cache = new PublicCache();
    await cache.getOrProduce('/', '1', async () => produced('at 1'));
    expect(cache.fresh('/', '2')).toBeUndefined();
    expect(cache.last('/')?.body.toString()).toBe('at 1');
    await cache.getOrProduce('/', '2', async () => produced('at 2'));
    expect(cache.last('/')?.body.toString()).toBe('at 2');
  });

  it('keeps no 404s and nothing marked not cacheable', async () => {
    const cache = new PublicCache();
    const missing = counted(() => produced('not found', 404));
    await cache.getOrProduce('/nope', '1', missing.render);
    expect(await cache.getOrProduce('/nope', '1', missing.render)).toMatchObject({ state: 'miss', prepared: null });
    const fallback = counted(() => ({ ...produced('shell'), cacheable: false }));
    await cache.getOrProduce('/', '1', fallback.render);
    expect(await cache.getOrProduce('/', '1', fallback.render)).toMatchObject({ state: 'miss' });
    expect(missing.calls() + fallback.calls()).toBe(4);
    expect(cache.size).toBe(0);
  });

  it('does not let a production started at an older revision replace a newer one', async () => {
    const cache = new PublicCache();
    let finish!: (outcome: Production) => void;
    const slow = cache.getOrProduce('/', '1', () => new Promise<Production>((resolve) => (finish = resolve)));
    await cache.getOrProduce('/', '2', async () => produced('landing at 2'));
    finish(produced('landing at 1'));
    expect(text(await slow)).toBe('landing at 1');
    expect(cache.fresh('/', '2')?.body.toString()).toBe('landing at 2');
  });

  it('shares one production among concurrent misses of the same key', async () => {
    const cache = new PublicCache();
    const r = counted((n) => produced(`render ${n}`));
    const results = await Promise.all(Array.from({ length: 5 }, () => cache.getOrProduce('/', '1', r.render)));
    expect(r.calls()).toBe(1);
    expect(new Set(results.map(text))).toEqual(new Set(['render 1']));
  });

  it('prepares gzip and brotli once, and an ETag naming revision and bytes', async () => {
    const cache = new PublicCache();
    const body = 'x'.repeat(5000);
    const { prepared } = await cache.getOrProduce('/', '7', async () => produced(body));
    const { gunzipSync, brotliDecompressSync } = await import('node:zlib');
    expect(gunzipSync(prepared!.gzip!).toString()).toBe(body);
    expect(brotliDecompressSync(prepared!.br!).toString()).toBe(body);
    expect(prepared!.etag).toMatch(/^"7-[\w-]{22}"$/);
  });

  it('stays bounded by bytes, dropping the least recently used first', async () => {
    // Tiny bodies are not compressed: each entry costs its body, its key and a fixed 256 bytes.
    const cache = new PublicCache(3 * (256 + 4 + 10));
    for (const key of ['/a', '/b', '/c']) await cache.getOrProduce(key, '1', async () => produced('0123456789'));
    await cache.getOrProduce('/a', '1', async () => produced('0123456789'));
    await cache.getOrProduce('/d', '1', async () => produced('0123456789'));
    expect(cache.size).toBe(3);
    expect(cache.fresh('/a', '1')).toBeDefined();
    expect(cache.fresh('/b', '1')).toBeUndefined();
    for (let i = 0; i < 100; i += 1) await cache.getOrProduce(`/p${i}`, '1', async () => produced('0123456789'));
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBeLessThanOrEqual(3 * (256 + 4 + 10));
  });
});

/** A seeded pseudo-random generator (mulberry32): the same paths on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` distinct spellings of `/news`: letter case, %-escapes, extra and trailing slashes, dot segments. */
function newsVariants(count: number, random: () => number): string[] {
  const hex = (c: string) => c.charCodeAt(0).toString(16);
  const letter = (c: string) => [c, c.toUpperCase(), `%${hex(c)}`, `%${hex(c).toUpperCase()}`, `%${hex(c.toUpperCase())}`];
  const prefixes = ['/', '//', '///', '/./', '/x/../', '/%2e/', '/%2E%2E/'];
  const suffixes = ['', '/', '//', '/.', '%2F', '/./'];
  const variants = new Set<string>();
  while (variants.size < count) {
    const pick = <T,>(items: T[]) => items[Math.floor(random() * items.length)];
    const spelled = [...'news'].map((c) => pick(letter(c))).join('');
    const variant = `${pick(prefixes)}${spelled}${pick(suffixes)}`;
    if (variant !== '/news') variants.add(variant);
  }
  return [...variants];
}

/** `count` distinct paths no page has: plain segments (`/ab-c1/x_y`), and odd ones (dots, %-escapes, slashes). */
function unknownPaths(count: number, random: () => number): { plain: string[]; odd: string[] } {
  const chars = 'abcdefghijklmnopqrstuvwxyz0123456789-_';
  const word = (length: number) => Array.from({ length }, () => chars[Math.floor(random() * chars.length)]).join('');
  const plain = new Set<string>();
  const odd = new Set<string>();
  while (plain.size + odd.size < count) {
    const segments = Array.from({ length: 1 + Math.floor(random() * 3) }, () => `q${word(6 + Math.floor(random() * 6))}`);
    const base = `/${segments.join('/')}`;
    if (random() < 0.5) {
      plain.add(random() < 0.2 ? `${base}/` : base);
    } else {
      const oddity = ['.html', '%20x', '//y', '/../z', '%C3%A9t%C3%A9', '.', '%2F..%2Fzz', '~', ';x=1'][Math.floor(random() * 9)];
      odd.add(`${base}${oddity}`);
    }
  }
  return { plain: [...plain], odd: [...odd] };
}

describe('page paths', () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  let dataDir: string;
  let deps: AppDeps;
  let pages: Awaited<ReturnType<typeof startPagesApp>>;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-page-paths-'));
    const config: Config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), port: 0, trustProxy: 'loopback' };
    deps = { orm, config, logger: pino({ level: 'silent' }), storage: {} as ImageStorage };
    pages = await startPagesApp(deps);
  });
  afterAll(async () => {
    agent.destroy();
    await pages?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  interface Answer {
    status: number;
    headers: http.IncomingHttpHeaders;
    body: string;
  }
  /** GET of a raw path (fetch would resolve dot segments and %-escapes first). */
  function get(rawPath: string, headers: Record<string, string> = {}): Promise<Answer> {
    const url = new URL(pages.baseUrl);
    return new Promise((resolve, reject) => {
      http
        .get({ agent, host: url.hostname, port: url.port, path: rawPath, headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        })
        .on('error', reject);
    });
  }
  /** Express marks what it answered (the fixture does not turn X-Powered-By off): hits before Express carry no mark. */
  const beforeExpress = (answer: Answer) => answer.headers['x-powered-by'] === undefined;
  const rendersOf = (from: number, match: (url: string) => boolean) => fakeRenders().slice(from).filter(match).length;

  // Before Express (answerHit), and in the app: over HTTPS from a trusted proxy, answerHit leaves
  // the request to the app's own public read handler and routes.
  describe.each([
    ['before Express', {}, 1],
    ['in the app', { 'x-forwarded-proto': 'https' }, 2],
  ] as const)('%s', (where, headers, seed) => {
    it('answers 1,000 spellings of /news with a 301 to /news (query string kept), rendering /news at most once', async () => {
      const from = fakeRenders().length;
      const canonical = await get('/news', headers);
      expect(canonical.status).toBe(200);
      expect(canonical.body).toContain('<main>News</main>');
      const variants = newsVariants(1000, seeded(seed));
      for (const [i, variant] of variants.entries()) {
        const query = i % 3 === 0 ? `?page=${i}&utm=x%2F%2Fevil.example` : '';
        const answer = await get(`${variant}${query}`, headers);
        expect({ variant, status: answer.status, location: answer.headers.location }).toEqual({ variant, status: 301, location: `/news${query}` });
        if (where === 'before Express') expect({ variant, beforeExpress: beforeExpress(answer) }).toEqual({ variant, beforeExpress: true });
      }
      expect((await get('/news', headers)).headers['x-render-cache']).toBe('hit');
      expect(rendersOf(from, () => true)).toBeLessThanOrEqual(1);
    }, 120_000);

    it('answers 1,000 unknown paths with the one 404 page from the cache, whatever the path, rendering it at most twice', async () => {
      const from = fakeRenders().length;
      const { plain, odd } = unknownPaths(1000, seeded(seed + 10));
      expect(plain.length).toBeGreaterThan(300);
      expect(odd.length).toBeGreaterThan(300);
      const bodies = new Set<string>();
      let hits = 0;
      for (const unknown of [...plain, ...odd]) {
        const answer = await get(unknown, headers);
        expect({ unknown, status: answer.status }).toEqual({ unknown, status: 404 });
        expect(answer.body).toContain('<main>Not found</main>');
        // Nothing of the requested path is in the page (the renderer's og:url names its own URL).
        const word = /q[\w-]{6,}/.exec(unknown)![0];
        expect({ unknown, echoed: answer.body.includes(word) }).toEqual({ unknown, echoed: false });
        bodies.add(answer.body);
        if (answer.headers['x-render-cache'] === 'hit') hits += 1;
        if (where === 'before Express' && plain.includes(unknown) && hits > 0) {
          expect({ unknown, beforeExpress: beforeExpress(answer) }).toEqual({ unknown, beforeExpress: true });
        }
      }
      expect(bodies.size).toBe(1);
      expect(hits).toBeGreaterThanOrEqual(998);
      // A path that cannot be decoded is a bad request (Express's router), and no render either.
      for (const malformed of ['/q%E0%A4%A', '/news%', '/%ZZ/x']) expect((await get(malformed, headers)).status).toBe(400);
      expect(rendersOf(from, () => true)).toBeLessThanOrEqual(2);
    }, 120_000);
  });

  it('never redirects to another host: the Location is always one of the site paths', async () => {
    for (const hostile of ['//evil.example', '//evil.example/news', '/%2F%2Fevil.example', '///evil.example//', '/\\evil.example', '/news/..//evil.example', '/%5C%5Cevil.example']) {
      const answer = await get(hostile);
      expect({ hostile, status: answer.status }).toEqual({ hostile, status: 404 });
      expect(answer.headers.location).toBeUndefined();
    }
    const redirected = await get('//news?next=//evil.example');
    expect(redirected.status).toBe(301);
    expect(redirected.headers.location).toBe('/news?next=//evil.example');
  });

  it('takes absolute URLs from the configured origin, never from the Host header', async () => {
    // A fresh app: its very first request comes with a forged Host.
    const fresh = await startPagesApp(deps);
    try {
      const url = new URL(fresh.baseUrl);
      const first = await new Promise<string>((resolve, reject) => {
        http
          .get({ host: url.hostname, port: url.port, path: '/team', headers: { host: 'evil.example' } }, (res) => {
            let body = '';
            res.on('data', (chunk) => (body += chunk));
            res.on('end', () => resolve(body));
          })
          .on('error', reject);
      });
      const origin = siteOrigin(deps.config);
      expect(first).toContain(`<link rel="canonical" href="${origin}/team" />`);
      for (const page of ['/', '/news', '/clients', '/team', '/no-such-page']) {
        const body = await (await fetch(`${fresh.baseUrl}${page}`)).text();
        expect({ page, evil: body.includes('evil.example') }).toEqual({ page, evil: false });
        expect(body).toContain(origin);
      }
    } finally {
      await fresh.close();
    }
  });
});
