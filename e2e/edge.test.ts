import { readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import autocannon from 'autocannon';
import pg from 'pg';
import { startCountingProxy, type CountingProxy, type OriginRequest } from './harness/counting-proxy.js';
import { freePort } from './harness/free-port.js';
import { isAlive, startOwnServer, type OwnServer } from './harness/own-server.js';
import { requireVarnish, startVarnish, type Varnish } from './harness/varnish.js';

// A real Varnish (Debian's varnish + varnish-modules) with the project's VCL in front of a built
// server of this file's own, with EDGE_CACHE on and EDGE_PURGER=varnish purging that Varnish. The
// origin is reached through a counting pass-through, so every request Varnish makes of it is
// counted (and every render: the origin's X-Render-Cache `miss`).

let origin: OwnServer | undefined;
let proxy: CountingProxy | undefined;
let varnish: Varnish | undefined;
let cookie = '';
let landingId = 0;
let landingFields: Record<string, unknown> = {};

const PAGES = ['/', '/news', '/team', '/clients'];
const READS = ['/api/news', '/api/landing-content'];

interface EdgeAnswer {
  status: number;
  body: string;
  cache: string | null;
  headers: Headers;
}

async function viaVarnish(pathname: string, init: RequestInit = {}): Promise<EdgeAnswer> {
  const response = await fetch(`${varnish!.baseUrl}${pathname}`, init);
  return { status: response.status, body: await response.text(), cache: response.headers.get('x-cache'), headers: response.headers };
}

/** Origin requests (probes aside) for `pathname` among `requests`. */
const forPath = (requests: OriginRequest[], pathname: string) => requests.filter((r) => r.path === pathname);

async function saveLanding(heroTagline: string): Promise<void> {
  const response = await fetch(`${origin!.baseUrl}/api/admin/landing-content/${landingId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ ...landingFields, heroTagline }),
  });
  expect(response.status).toBe(200);
}

async function publishNews(title: string): Promise<void> {
  const headers = { 'content-type': 'application/json', cookie, origin: origin!.baseUrl };
  const draft = await fetch(`${origin!.baseUrl}/api/admin/news/drafts`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ title, brief: 'Published through the edge test', pictureUrl: 'https://example.com/edge.png' }),
  });
  expect(draft.status).toBe(201);
  const { recordId } = (await draft.json()) as { recordId: number };
  expect((await fetch(`${origin!.baseUrl}/api/admin/news/${recordId}/publish`, { method: 'POST', headers })).status).toBe(200);
}

/** Polls `check` every 20 ms until it holds or `ms` pass; resolves with the milliseconds it took, or null. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number | null> {
  const started = performance.now();
  for (;;) {
    if (await check().catch(() => false)) return performance.now() - started;
    if (performance.now() - started > ms) return null;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The origin's embedded PostgreSQL (its DATA_DIR's lock file and generated password). */
async function originDatabase<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const dataDir = origin!.dataDir;
  const port = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const { postgresPassword } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { postgresPassword: string };
  const db = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: postgresPassword, database: 'postgres' });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** A request to Varnish from another loopback address (127.0.0.2), which its purge ACL does not list. */
function purgeFromOutside(tags: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port: varnish!.port, method: 'PURGE', path: '/', localAddress: '127.0.0.2', headers: { xkey: tags } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

beforeAll(async () => {
  requireVarnish();
  // Varnish's port first: the origin purges it (EDGE_PURGE_URL), and Varnish fetches from the origin.
  const varnishPort = await freePort();
  origin = await startOwnServer('edge', {
    env: {
      EDGE_CACHE: 'true',
      EDGE_PURGER: 'varnish',
      EDGE_PURGE_URL: `http://127.0.0.1:${varnishPort}/`,
      // A Varnish that is down is tried again soon (the test waits for it).
      EDGE_PURGE_RETRY_BASE_MS: '200',
      EDGE_PURGE_RETRY_MAX_MS: '1000',
      EDGE_PURGE_TIMEOUT_MS: '2000',
      // An expired copy is past stale-while-revalidate a second later (the grace test needs that).
      EDGE_SWR: '1',
    },
  });
  // The first renders (a cold process) can hold the origin for seconds: done before Varnish probes it.
  for (const pathname of [...PAGES, ...READS]) await fetch(`${origin.baseUrl}${pathname}`).then((r) => r.text());
  proxy = await startCountingProxy(Number(new URL(origin.baseUrl).port));
  varnish = await startVarnish({ originPort: proxy.port, port: varnishPort });
  cookie = await origin.login();
  const landing = (await (await fetch(`${origin.baseUrl}/api/landing-content`)).json()) as Record<string, unknown> & { id: number };
  ({ id: landingId, ...landingFields } = landing);
  // Something in every list.
  await publishNews(`First news through the edge ${Date.now()}`);
}, 180_000);

afterAll(async () => {
  await varnish?.dispose();
  await proxy?.close();
  if (origin) {
    // The origin may have been killed (the grace test): its orphaned PostgreSQL is stopped by
    // dispose(), and may still write into the data folder as it goes, so the folder is removed
    // again once it has.
    let postmaster: number | undefined;
    try {
      postmaster = origin.postmasterPid();
    } catch {
      // not running
    }
    await origin.dispose();
    if (postmaster !== undefined) await within(10_000, async () => !isAlive(postmaster));
    rmSync(origin.dataDir, { recursive: true, force: true });
  }
}, 60_000);

describe('Varnish with the project VCL in front of the built server', () => {
  it('keeps public pages and reads for what s-maxage says, tagged, and hands them out without the tags', async () => {
    for (const pathname of [...PAGES, ...READS]) {
      // The origin's own answer: cacheable by shared caches, with the tags it was built from.
      const direct = await fetch(`${origin!.baseUrl}${pathname}`);
      expect([pathname, direct.status]).toEqual([pathname, 200]);
      expect(direct.headers.get('cache-control')).toMatch(/\bs-maxage=\d+/);
      expect(direct.headers.get('surrogate-key')?.split(' ')).toContain('all');

      proxy!.reset();
      const first = await viaVarnish(pathname);
      const second = await viaVarnish(pathname);
      expect([pathname, first.status, second.status, second.cache]).toEqual([pathname, 200, 200, 'hit']);
      expect(second.body).toBe(first.body);
      expect(second.headers.get('surrogate-key')).toBeNull();
      expect(second.headers.get('cache-tag')).toBeNull();
      // Asked of the origin at most once (none when an earlier request already filled the cache).
      expect(forPath(proxy!.requests(), pathname).length).toBeLessThanOrEqual(1);
    }
  });

  it('drops cookies on public requests, and passes the admin, sessions, previews and writes to the origin', async () => {
    const other = await viaVarnish('/', { headers: { cookie: 'bid=someone; theme=dark' } });
    expect([other.status, other.cache]).toEqual([200, 'hit']);

    proxy!.reset();
    const user = await viaVarnish('/api/auth/user', { headers: { cookie } });
    expect([user.status, user.cache]).toEqual([200, 'pass']);
    expect((JSON.parse(user.body) as { username: string }).username).toBe('admin');
    const page = await viaVarnish('/', { headers: { cookie } });
    expect([page.status, page.cache]).toEqual([200, 'pass']);
    for (const pathname of ['/admin', '/admin/news', '/preview/news/1']) {
      const answer = await viaVarnish(pathname, { redirect: 'manual' });
      expect([pathname, answer.cache]).toEqual([pathname, 'pass']);
    }
    const write = await viaVarnish('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: varnish!.baseUrl },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(write.cache).toBe('pass');
    const asked = proxy!.requests().map((r) => `${r.method} ${r.path}`);
    expect(asked).toEqual(['GET /api/auth/user', 'GET /', 'GET /admin', 'GET /admin/news', 'GET /preview/news/1', 'POST /graphql']);
  });

  it('takes purges only from its ACL: from another address a PURGE is refused and purges nothing', async () => {
    await viaVarnish('/news');
    expect((await viaVarnish('/news')).cache).toBe('hit');
    expect(await purgeFromOutside('all')).toBe(403);
    expect((await viaVarnish('/news')).cache).toBe('hit');
    // From this machine, the same request is taken.
    const purge = await fetch(`${varnish!.baseUrl}/`, { method: 'PURGE', headers: { xkey: 't:news' } });
    expect(purge.status).toBe(200);
    // Expired: served once more while the fresh copy is fetched (stale-while-revalidate), then fresh.
    expect((await viaVarnish('/news')).cache).toBe('stale');
    expect(await within(1000, async () => (await viaVarnish('/news')).cache === 'hit')).not.toBeNull();
  });

  it('serves a published change within a second', async () => {
    for (const pathname of ['/', '/news', '/api/news']) {
      const cached = await within(2000, async () => (await viaVarnish(pathname)).cache === 'hit');
      expect([pathname, cached !== null]).toEqual([pathname, true]);
    }
    const tagline = `Through the edge ${Date.now()}`;
    await saveLanding(tagline);
    const landingSeen = await within(1000, async () => (await viaVarnish('/')).body.includes(tagline));
    const title = `Published through the edge ${Date.now()}`;
    await publishNews(title);
    const newsSeen = await within(1000, async () => (await viaVarnish('/news')).body.includes(title));
    const readSeen = await within(1000, async () => (await viaVarnish('/api/news')).body.includes(title));
    expect({ landingSeen: landingSeen !== null, newsSeen: newsSeen !== null, readSeen: readSeen !== null }).toEqual({ landingSeen: true, newsSeen: true, readSeen: true });
  });

  it('under load through Varnish the origin sees only the misses: at most one render per changed page per publish', async () => {
    const paths = [...PAGES, ...READS];
    for (const pathname of paths) await viaVarnish(pathname);
    proxy!.reset();
    // An editor saving about once a second (one save at a time: two at once would conflict).
    let publishes = 0;
    let loading = true;
    const editor = (async () => {
      while (loading) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        if (!loading) break;
        await saveLanding(`Saved under load ${Date.now()}`);
        publishes += 1;
      }
    })();
    let result: autocannon.Result;
    try {
      result = await autocannon({ url: varnish!.baseUrl, connections: 50, duration: 6, requests: paths.map((p) => ({ path: p })) });
    } finally {
      loading = false;
    }
    await editor;
    const requests = proxy!.requests();
    const perPath = Object.fromEntries(
      paths.map((p) => [p, { asked: forPath(requests, p).length, renders: forPath(requests, p).filter((r) => r.render === 'miss').length }]),
    );
    expect(publishes).toBeGreaterThanOrEqual(2);
    expect(result.errors + result.timeouts + result.non2xx).toBe(0);
    for (const p of paths) {
      // Each publish purges the pages built from the landing content once: one fetch (the waiting
      // requests share it), one render; pages it does not change are not asked again at all.
      expect([p, perPath[p].renders <= publishes + 1, perPath[p].asked <= publishes + 1]).toEqual([p, true, true]);
    }
    // The changed page was fetched again after publishes; everything asked of the origin was a GET of these paths.
    expect(perPath['/'].asked).toBeGreaterThanOrEqual(1);
    expect(requests.every((r) => r.method === 'GET' && paths.includes(r.path))).toBe(true);
    expect(result.requests.total).toBeGreaterThan(100 * requests.length);
  }, 60_000);

  it('delivers a purge sent while Varnish was down when it is back', async () => {
    const v = varnish!;
    await v.stop();
    const tagline = `Saved while Varnish was down ${Date.now()}`;
    let tried: number | null;
    try {
      await saveLanding(tagline);
      // The purger tried, and keeps the purge.
      tried = await within(10_000, () =>
        originDatabase(async (db) => (await db.query(`select 1 from edge_purges where status = 'pending' and attempts > 0`)).rowCount! > 0),
      );
    } finally {
      await v.start();
    }
    expect(tried).not.toBeNull();
    const delivered = await within(15_000, () =>
      originDatabase(async (db) => (await db.query(`select 1 from edge_purges where status = 'pending'`)).rowCount === 0),
    );
    expect(delivered).not.toBeNull();
    // The Varnish that came back took it: a PURGE with the landing content's tags.
    const purges = await v.logged('ReqMethod eq "PURGE"');
    expect(purges).toMatch(/ReqHeader\s+xkey: .*\bt:landing-content\b/);
    expect(purges).toMatch(/RespStatus\s+200/);
    expect((await viaVarnish('/')).body).toContain(tagline);
  }, 60_000);

  it('keeps answering from grace when the origin goes down', async () => {
    const paths = ['/', '/news', '/api/news'];
    const before = new Map<string, string>();
    for (const pathname of paths) {
      await viaVarnish(pathname);
      before.set(pathname, (await viaVarnish(pathname)).body);
    }
    // Expire everything now but keep it for grace (stale-if-error), as a purge does, and let
    // stale-while-revalidate (1 s here) pass too: while the origin is up, these copies are no
    // longer served.
    const soft = await fetch(`${varnish!.baseUrl}/`, { method: 'PURGE', headers: { xkey: 'all' } });
    expect(soft.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));

    origin!.child.kill('SIGKILL');
    await origin!.exited;
    // At once, while Varnish's probe still sees the origin healthy (the fetch fails and the stale
    // copy answers), and once the probe has marked it sick.
    expect(await varnish!.originHealthy()).toBe(true);
    for (const when of ['origin just gone', 'origin seen as sick']) {
      if (when === 'origin seen as sick') expect(await within(10_000, async () => !(await varnish!.originHealthy()))).not.toBeNull();
      for (const pathname of paths) {
        const answer = await viaVarnish(pathname);
        expect([when, pathname, answer.status, answer.cache]).toEqual([when, pathname, 200, 'stale']);
        expect(answer.body).toBe(before.get(pathname));
      }
      // What is never kept has nothing to fall back on.
      expect([when, (await viaVarnish('/admin')).status]).toEqual([when, 503]);
    }
  }, 30_000);
});
