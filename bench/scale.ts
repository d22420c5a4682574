// `npm run bench:scale`: the product at a large archive. The BUILT server (demo content, its own
// DATA_DIR and embedded PostgreSQL, loopback) is measured at demo size, then its news and projects
// (clients) are filled by SQL in batches to each size (BENCH_SCALE_SIZES, default 10,000 and then
// 100,000 of each) and measured again: public list pages (page 1 and the last page: bytes and the
// render after a write), `/` after a write, `/api/news?limit=50`, the admin News screen in Chromium
// (to the first rows, JS heap, DOM elements), a search, a reorder move, write p99 and server RSS.
// Each row is printed with its target (the issue's "Targets") and met / NOT met. Bounded; exits by
// itself. The filled rows are generated text of ordinary length, each with its history entry.
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { resident } from './memory.js';
import { ADMIN, startBenchServer, type BenchServer } from './server.js';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10000,100000').split(',').map((n) => Number(n.trim()));
/** Repeats of each timed read (each after its own write); the median is printed, the worst beside it. */
const REPEATS = Number(process.env.BENCH_SCALE_REPEATS ?? 5);
const WRITES = Number(process.env.BENCH_SCALE_WRITES ?? 200);
/** A measurement repeated no longer than this once it has one sample (a slow one is not repeated 5 times). */
const SLOW_MEASURE_MS = 15_000;
/** The admin screen's rows must show within this (else: n/a, "no rows within ..."). */
const SCREEN_TIMEOUT_MS = 180_000;
const BATCH = 10_000;
/** Display orders of the generated rows: MIN + i * GAP (gaps, as content/ordering.ts keeps in a long list). */
const ORDER_MIN = -1_000_000;
const ORDER_GAP = 16;
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const KB = 1024;
const MiB = 1024 * 1024;

// ---------------------------------------------------------------- targets (issue 20, "Targets")

interface Target {
  /** Shown in the target column. */
  text: string;
  met(value: number, baseline?: number): boolean;
}
const atMost = (limit: number, unit: string, scale = 1): Target => ({ text: `≤ ${limit} ${unit}`, met: (v) => v <= limit * scale });
const under = (limit: number, unit: string, scale = 1): Target => ({ text: `< ${limit} ${unit}`, met: (v) => v < limit * scale });
const TARGETS = {
  pageBytes: atMost(150, 'KB', KB),
  pageRender: under(50, 'ms'),
  landing: { text: '≤ 1.5x demo', met: (v: number, base?: number) => base !== undefined && v <= 1.5 * base } as Target,
  adminRows: atMost(1000, 'ms'),
  adminHeap: atMost(80, 'MB', MiB),
  adminDom: atMost(5000, 'elements'),
  search: atMost(300, 'ms'),
  move: atMost(100, 'ms'),
  writeP99: under(30, 'ms'),
  rss: under(200, 'MB', MiB),
};

/** One measured value per size column: a number, or why there is none (n/a). */
type Cell = { value: number; text: string; note?: string } | { na: string };

interface Row {
  name: string;
  unit: (v: number) => string;
  target?: Target;
  /** Judged against the demo column (the `/` row). */
  relativeToDemo?: boolean;
  cells: Map<string, Cell>;
}

// ---------------------------------------------------------------- HTTP helpers

interface Timed {
  ms: number;
  status: number;
  bytes: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** One request over a fresh loopback connection, timed from sending to the last byte (no compression asked: bytes are uncompressed). */
function timed(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Timed> {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = httpRequest(
      {
        host: hostname,
        port,
        path: pathname + search,
        method: options.method ?? 'GET',
        agent: false,
        headers: { ...options.headers, ...(options.body !== undefined && { 'content-length': String(Buffer.byteLength(options.body)) }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ ms: performance.now() - started, status: res.statusCode!, bytes: body.length, body: body.toString('utf8'), headers: res.headers });
        });
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** The p-th percentile by rank (nearest rank). */
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)];

class Admin {
  constructor(
    private readonly baseUrl: string,
    readonly cookie: string,
  ) {}

  static async signIn(baseUrl: string): Promise<Admin> {
    const response = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    if (response.status !== 200) throw new Error(`login: HTTP ${response.status}`);
    return new Admin(baseUrl, response.headers.getSetCookie().find((c) => c.startsWith('sid='))!.split(';')[0]);
  }

  rest(method: string, path: string, body?: unknown): Promise<Timed> {
    return timed(`${this.baseUrl}${path}`, {
      method,
      headers: { cookie: this.cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** A GraphQL request with the session; the answer's data and errors. */
  async graphql(query: string, variables: Record<string, unknown> = {}): Promise<{ ms: number; data?: Record<string, unknown>; errors?: { message: string }[] }> {
    const answer = await timed(`${this.baseUrl}/graphql`, {
      method: 'POST',
      headers: { cookie: this.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const parsed = JSON.parse(answer.body) as { data?: Record<string, unknown>; errors?: { message: string }[] };
    return { ms: answer.ms, ...parsed };
  }
}

// ---------------------------------------------------------------- filling the database

const WORDS = (
  'energy water transport health education finance agriculture tourism mining housing digital ' +
  'climate trade customs justice pension labour statistics tax procurement urban rural harbour ' +
  'railway aviation fisheries forestry textile pharmacy telecom broadband logistics insurance ' +
  'banking census election audit budget reform strategy market survey feasibility evaluation'
).split(' ');

/** The embedded PostgreSQL of the bench server's DATA_DIR (port from postmaster.pid, password from secrets.json). */
async function connectDatabase(server: BenchServer): Promise<pg.Client> {
  const port = Number(readFileSync(path.join(server.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const { postgresPassword } = JSON.parse(readFileSync(path.join(server.dataDir, 'secrets.json'), 'utf8')) as { postgresPassword: string };
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: postgresPassword, database: 'postgres' });
  await client.connect();
  return client;
}

/** Generated values of the columns the bench fills (i: the row's number); the others are copied from the first demo row. */
function generatedColumns(table: 'news' | 'clients'): Record<string, string> {
  const words = `(array[${WORDS.map((w) => `'${w}'`).join(',')}])`;
  const word = (k: number) => `${words}[1 + ((i * ${k}) % ${WORDS.length})]`;
  const sentence = `'The ' || ${word(1)} || ' programme of region ' || (i % 97) || ' reviewed its ' || ${word(7)} || ' plans with the ministry and set out the next steps. '`;
  const common = {
    title: `initcap(${word(1)}) || ' and ' || ${word(3)} || ' ${table === 'news' ? 'update' : 'project'} no. ' || i`,
    featured: '(i % 1000 = 0)',
    display_order: `${ORDER_MIN} + i * ${ORDER_GAP}`,
  };
  return table === 'news'
    ? {
        ...common,
        brief: `repeat(${sentence}, 2)`,
        content: `repeat(${sentence}, 5)`,
        created_at: `now() - make_interval(mins => i)`,
      }
    : { ...common, brief: `repeat(${sentence}, 2)`, country: `initcap(${word(11)}) || 'land'` };
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Tops `table` up to `size` rows: inserts in batches of BATCH (insert ... select from
 * generate_series), each row with its history entry ("create", no author, as the demo seed
 * records), numbered on from the rows generated before. Returns the milliseconds it took.
 */
async function fill(db: pg.Client, table: 'news' | 'clients', size: number): Promise<{ ms: number; inserted: number }> {
  const started = performance.now();
  const columns = (
    await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' and column_name <> 'id' order by ordinal_position`,
      [table],
    )
  ).rows.map((r) => r.column_name);
  const generated = generatedColumns(table);
  const values = columns.map((c) => generated[c] ?? `t."${c}"`);
  const count = Number((await db.query<{ n: string }>(`select count(*) as n from "${table}"`)).rows[0].n);
  // Generated rows are numbered 1.. across sizes (their titles end in "no. <i>"; none is deleted).
  let next = Number((await db.query<{ n: string }>(`select count(*) as n from "${table}" where title ~ ' no\\. [0-9]+$'`)).rows[0].n) + 1;
  const wanted = size - count;
  let inserted = 0;
  while (inserted < wanted) {
    const n = Math.min(BATCH, wanted - inserted);
    await db.query('begin');
    const ids = await db.query<{ id: number }>(
      `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')})
       select ${values.join(', ')} from generate_series($1::int, $2::int) as i, (select * from "${table}" order by id limit 1) as t
       returning id`,
      [next, next + n - 1],
    );
    const allColumns = ['id', ...columns];
    await db.query(
      `insert into content_history (collection, record_id, action, after)
       select $1, r.id, 'create', jsonb_build_object(${allColumns.map((c) => `'${camel(c)}', r."${c}"`).join(', ')})
       from "${table}" r where r.id = any($2::int[])`,
      [table, ids.rows.map((r) => r.id)],
    );
    await db.query('commit');
    inserted += n;
    next += n;
  }
  await db.query(`analyze "${table}"`);
  await db.query('analyze content_history');
  return { ms: performance.now() - started, inserted };
}

// ---------------------------------------------------------------- measurements

interface Sample {
  ms: number;
  bytes: number;
  cache: string | undefined;
}

/** A write through the admin API (the landing content saved), so every cached read is stale. */
async function write(server: BenchServer, admin: Admin): Promise<void> {
  const landing = JSON.parse((await timed(`${server.baseUrl}/api/landing-content`)).body) as Record<string, unknown>;
  const { id, ...fields } = landing;
  delete fields.version;
  const saved = await admin.rest('PUT', `/api/admin/landing-content/${String(id)}`, { ...fields, heroTagline: `Saved at ${Date.now()}` });
  if (saved.status !== 200) throw new Error(`landing content save: HTTP ${saved.status} ${saved.body.slice(0, 200)}`);
}

/** The first GET of `path` after a write, REPEATS times: median time, the worst, bytes (uncompressed), and the cache state seen. */
async function afterWrite(
  server: BenchServer,
  admin: Admin,
  urlPath: string,
): Promise<{ median: number; worst: number; bytes: number; status: number; samples: number; misses: number; body: string }> {
  const samples: Sample[] = [];
  let last: Timed | undefined;
  const started = performance.now();
  // Fewer samples when each takes long (a whole archive on one page): bounded in time.
  for (let i = 0; i < REPEATS && (i === 0 || performance.now() - started < SLOW_MEASURE_MS); i++) {
    await write(server, admin);
    last = await timed(`${server.baseUrl}${urlPath}`);
    samples.push({ ms: last.ms, bytes: last.bytes, cache: last.headers['x-render-cache'] as string | undefined });
  }
  const times = samples.map((s) => s.ms);
  return {
    median: median(times),
    worst: Math.max(...times),
    bytes: last!.bytes,
    status: last!.status,
    samples: samples.length,
    misses: samples.filter((s) => s.cache === 'miss').length,
    body: last!.body,
  };
}

/** The highest `/<list>/page/N` a page links to (its last page), or null when it links to none. */
function lastPageLinked(html: string, list: string): number | null {
  const pages = [...html.matchAll(new RegExp(`/${list}/page/(\\d+)`, 'g'))].map((m) => Number(m[1]));
  return pages.length ? Math.max(...pages) : null;
}

interface ScreenMeasure {
  /** The first visit, nothing in the browser's cache. */
  cold: number;
  coldBreakdown: string;
  warmBreakdown: string;
  toRows: number;
  visits: number;
  heap: number;
  dom: number;
}

/**
 * Records, from the first script on, when the admin table first shows a record row: a table body
 * row with at least two cells (not the one-cell "no rows" line); performance.now() is the time
 * since navigation. A string: tsx would wrap a function's inner functions in a helper the page lacks.
 */
const WATCH_FIRST_ROWS = `
  new MutationObserver((records, observer) => {
    if (document.querySelector('tbody tr td + td')) {
      window.__firstRows = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

/**
 * The admin News screen at 1440 px in one browser context: the first visit with an empty browser
 * cache (the admin's scripts and styles loaded too), then REPEATS visits with them cached, as an
 * editor comes back to it (median); JS heap (after a GC) and DOM elements of the last visit, once
 * it settled. A slow first visit (the whole archive drawn at once) is followed by one visit only.
 */
async function adminScreen(browser: Browser, server: BenchServer, admin: Admin): Promise<ScreenMeasure> {
  const url = `${server.baseUrl}/admin/news`;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addCookies([{ name: 'sid', value: admin.cookie.slice('sid='.length), url: server.baseUrl }]);
    await context.addInitScript(WATCH_FIRST_ROWS);
    const visit = async () => {
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'commit', timeout: SCREEN_TIMEOUT_MS });
      await page.waitForFunction(() => (window as unknown as { __firstRows?: number }).__firstRows !== undefined, undefined, { timeout: SCREEN_TIMEOUT_MS, polling: 50 });
      return { page, toRows: await page.evaluate(() => (window as unknown as { __firstRows: number }).__firstRows) };
    };
    /** Where a visit's time went before the rows: the document, the scripts, and the API requests (ms since navigation). */
    const breakdown = (page: Page) =>
      page.evaluate(`(() => {
        const end = (entries) => Math.round(Math.max(0, ...entries.map((e) => e.responseEnd)));
        const resources = performance.getEntriesByType('resource').filter((e) => e.startTime < window.__firstRows);
        return 'document ' + Math.round(performance.getEntriesByType('navigation')[0].responseEnd) + ' ms, scripts by ' + end(resources.filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))) + ' ms, API by ' + end(resources.filter((e) => e.initiatorType === 'fetch' || e.initiatorType === 'xmlhttprequest')) + ' ms';
      })()`) as Promise<string>;
    const first = await visit();
    const coldBreakdown = await breakdown(first.page);
    await first.page.close();
    const visits = first.toRows > SLOW_MEASURE_MS ? 1 : REPEATS;
    const times: number[] = [];
    let heap = 0;
    let dom = 0;
    let warmBreakdown = '';
    for (let i = 0; i < visits; i++) {
      const { page, toRows } = await visit();
      times.push(toRows);
      if (i === visits - 1) {
        warmBreakdown = await breakdown(page);
        await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
        await page.waitForTimeout(500);
        const cdp = await context.newCDPSession(page);
        await cdp.send('HeapProfiler.collectGarbage');
        heap = ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize;
        dom = await page.evaluate(() => document.getElementsByTagName('*').length);
      }
      await page.close();
    }
    return { cold: first.toRows, toRows: median(times), heap, dom, visits, coldBreakdown, warmBreakdown };
  } finally {
    await context.close();
  }
}

/** A search through GraphQL as the admin screen asks it: 50 rows and the count. Null when the API has no search yet. */
async function search(admin: Admin): Promise<{ median: number; worst: number; matches: number } | { na: string }> {
  const times: number[] = [];
  let matches = 0;
  for (let i = 0; i < REPEATS; i++) {
    const term = WORDS[(i * 11 + 5) % WORDS.length];
    const answer = await admin.graphql('query Search($search: String!) { news(search: $search, limit: 50) { id title } newsCount(search: $search) }', { search: term });
    if (answer.errors?.length) return { na: `no search yet (${answer.errors[0].message.slice(0, 80)})` };
    times.push(answer.ms);
    matches = Number(answer.data!.newsCount);
  }
  return { median: median(times), worst: Math.max(...times), matches };
}

/** placeNews moves (one request each) of records from the middle of the list to other places in it. */
async function moves(admin: Admin, total: number): Promise<{ median: number; worst: number } | { na: string }> {
  const list = await admin.graphql(`query Ids($offset: Int) { news(limit: 20, offset: $offset) { id } }`, { offset: Math.floor(total / 2) });
  if (list.errors?.length) return { na: list.errors[0].message.slice(0, 80) };
  const ids = (list.data!.news as { id: number }[]).map((r) => r.id);
  const times: number[] = [];
  for (let i = 0; i < Math.max(REPEATS, 10); i++) {
    const toIndex = [0, total - 1, Math.floor(total / 3), Math.floor(total / 2) + 5, 7][i % 5];
    const moved = await admin.graphql('mutation Place($id: Int!, $toIndex: Int!) { placeNews(id: $id, toIndex: $toIndex) { id displayOrder } }', {
      id: ids[i % ids.length],
      toIndex,
    });
    if (moved.errors?.length) return { na: moved.errors[0].message.slice(0, 80) };
    times.push(moved.ms);
  }
  return { median: median(times), worst: Math.max(...times) };
}

/** WRITES sequential creates through POST /api/admin/news (an ordinary article each): p50 and p99. */
async function writes(server: BenchServer, admin: Admin, template: Record<string, unknown>): Promise<{ p50: number; p99: number; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  for (let i = 0; i < WRITES; i++) {
    const created = await admin.rest('POST', '/api/admin/news', { ...template, title: `Bench write ${i} at ${Date.now()}` });
    if (created.status !== 201 && created.status !== 200) failed += 1;
    times.push(created.ms);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), failed };
}

// ---------------------------------------------------------------- the run

async function main() {
  const loadAtStart = os.loadavg().map((n) => n.toFixed(1)).join(' ');
  const server = await startBenchServer();
  const db = await connectDatabase(server);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  const columns = ['demo', ...SIZES.map((n) => n.toLocaleString('en-US'))];
  const rows: Row[] = [];
  const row = (name: string, unit: (v: number) => string, target?: Target, relativeToDemo = false): Row => {
    let found = rows.find((r) => r.name === name);
    if (!found) rows.push((found = { name, unit, target, relativeToDemo, cells: new Map() }));
    return found;
  };
  const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
  const kb = (v: number) => `${(v / KB).toFixed(1)} KB`;
  const mb = (v: number) => `${(v / MiB).toFixed(0)} MB`;
  const count = (v: number) => v.toLocaleString('en-US');
  const put = (r: Row, column: string, cell: Cell) => r.cells.set(column, cell);
  const value = (r: Row, column: string, v: number, note?: string) => put(r, column, { value: v, text: r.unit(v), note });
  const fills: string[] = [];

  try {
    const admin = await Admin.signIn(server.baseUrl);
    const demoNews = JSON.parse((await timed(`${server.baseUrl}/api/news`)).body) as Record<string, unknown>[];
    const { id: _id, createdAt: _createdAt, displayOrder: _order, version: _version, ...template } = demoNews[0];

    for (const column of columns) {
      const size = column === 'demo' ? null : SIZES[columns.indexOf(column) - 1];
      if (size !== null) {
        for (const table of ['news', 'clients'] as const) {
          const { ms: took, inserted } = await fill(db, table, size);
          fills.push(`${table} to ${count(size)}: ${count(inserted)} rows and their history in ${(took / 1000).toFixed(1)} s`);
        }
      }
      const totals = Object.fromEntries(
        await Promise.all(['news', 'clients'].map(async (t) => [t, Number((await db.query<{ n: string }>(`select count(*) as n from "${t}"`)).rows[0].n)] as const)),
      );
      console.error(`[bench:scale] measuring ${column}: ${count(totals.news)} news, ${count(totals.clients)} clients`);

      for (const list of ['news', 'clients']) {
        const first = await afterWrite(server, admin, `/${list}`);
        value(row(`/${list} page 1, HTML (uncompressed)`, kb, TARGETS.pageBytes), column, first.bytes);
        value(row(`/${list} page 1, render after a write`, ms, TARGETS.pageRender), column, first.median, `worst ${ms(first.worst)}, ${first.misses}/${first.samples} misses`);
        const lastPage = lastPageLinked(first.body, list);
        const lastBytes = row(`/${list} last page, HTML (uncompressed)`, kb, TARGETS.pageBytes);
        const lastRender = row(`/${list} last page, render after a write`, ms, TARGETS.pageRender);
        if (lastPage === null) {
          // One page holds the list: page 1 is its last page (at a large size: no paging yet).
          const why = `no /${list}/page/N link on page 1`;
          if (column === 'demo') {
            value(lastBytes, column, first.bytes, 'page 1 is the last');
            value(lastRender, column, first.median, 'page 1 is the last');
          } else {
            put(lastBytes, column, { na: why });
            put(lastRender, column, { na: why });
          }
        } else {
          const last = await afterWrite(server, admin, `/${list}/page/${lastPage}`);
          if (last.status !== 200) {
            put(lastBytes, column, { na: `/${list}/page/${lastPage}: HTTP ${last.status}` });
            put(lastRender, column, { na: `/${list}/page/${lastPage}: HTTP ${last.status}` });
          } else {
            value(lastBytes, column, last.bytes, `page ${lastPage}`);
            value(lastRender, column, last.median, `page ${lastPage}; worst ${ms(last.worst)}, ${last.misses}/${last.samples} misses`);
          }
        }
      }

      const landing = await afterWrite(server, admin, '/');
      value(row('/ render after a write', ms, TARGETS.landing, true), column, landing.median, `worst ${ms(landing.worst)}, ${landing.misses}/${landing.samples} misses`);

      const api = await afterWrite(server, admin, '/api/news?limit=50');
      value(row('/api/news?limit=50 after a write', ms), column, api.median, `${kb(api.bytes)}; worst ${ms(api.worst)}`);
      const hits: Timed[] = [];
      for (let i = 0; i < REPEATS; i++) hits.push(await timed(`${server.baseUrl}/api/news?limit=50`));
      value(row('/api/news?limit=50, cached', ms), column, median(hits.map((h) => h.ms)), `${hits.filter((h) => h.headers['x-render-cache'] === 'hit').length}/${hits.length} hits`);

      const coldRow = row('admin News screen, navigation to first rows (first visit, empty browser cache)', ms, TARGETS.adminRows);
      const screenRows = row('admin News screen, navigation to first rows (later visits)', ms, TARGETS.adminRows);
      const heapRow = row('admin News screen, JS heap after GC', mb, TARGETS.adminHeap);
      const domRow = row('admin News screen, DOM elements', count, TARGETS.adminDom);
      try {
        const screen = await adminScreen(browser, server, admin);
        value(coldRow, column, screen.cold, screen.coldBreakdown);
        value(screenRows, column, screen.toRows, `${screen.visits > 1 ? `median of ${screen.visits}` : '1 visit'}; last: ${screen.warmBreakdown}`);
        value(heapRow, column, screen.heap);
        value(domRow, column, screen.dom);
      } catch (error) {
        const why = `no rows within ${SCREEN_TIMEOUT_MS / 1000} s: ${String(error).slice(0, 60)}`;
        for (const r of [coldRow, screenRows, heapRow, domRow]) put(r, column, { na: why });
      }

      const searched = await search(admin);
      const searchRow = row('search: news(search:, limit: 50) + newsCount', ms, TARGETS.search);
      if ('na' in searched) put(searchRow, column, searched);
      else value(searchRow, column, searched.median, `worst ${ms(searched.worst)}, ${count(searched.matches)} matches`);

      const moved = await moves(admin, totals.news);
      const moveRow = row('reorder move (placeNews)', ms, TARGETS.move);
      if ('na' in moved) put(moveRow, column, moved);
      else value(moveRow, column, moved.median, `worst ${ms(moved.worst)}`);

      const written = await writes(server, admin, template);
      value(row(`write p99 (${WRITES} sequential POST /api/admin/news)`, ms, TARGETS.writeP99), column, written.p99, `p50 ${ms(written.p50)}${written.failed ? `, ${written.failed} FAILED` : ''}`);

      value(row('server RSS after the measurements', mb, TARGETS.rss), column, resident(server.pid()).rss);
    }
  } finally {
    await browser.close();
    await db.end();
    await server.stop();
  }

  // ---------------------------------------------------------------- the report
  console.log(`\nScale bench: the built server on loopback, demo content, then news and projects (clients) filled to ${SIZES.map(count).join(' and then ')} each`);
  console.log(`(${os.cpus().length} x ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString()}, load average at start ${loadAtStart})`);
  console.log(`Fill: ${fills.join('; ')}.`);
  console.log(`Times after a write: the first GET after an admin save (median of ${REPEATS}); the targets apply at the largest size.\n`);
  const largest = columns[columns.length - 1];
  console.log(`| measure | ${columns.join(' | ')} | target | at ${largest} |`);
  console.log(`|---|${columns.map(() => '---|').join('')}---|---|`);
  const demoOf = (r: Row) => {
    const cell = r.cells.get('demo');
    return cell && 'value' in cell ? cell.value : undefined;
  };
  for (const r of rows) {
    const cells = columns.map((c) => {
      const cell = r.cells.get(c);
      if (!cell) return '';
      if ('na' in cell) return `n/a (${cell.na})`;
      return cell.note ? `${cell.text} (${cell.note})` : cell.text;
    });
    const at = r.cells.get(largest);
    let verdict = '';
    if (r.target) {
      if (!at || 'na' in at) verdict = 'n/a';
      else verdict = r.target.met(at.value, r.relativeToDemo ? demoOf(r) : undefined) ? 'met' : 'NOT met';
      if (r.relativeToDemo && at && 'value' in at && demoOf(r)) verdict += ` (${(at.value / demoOf(r)!).toFixed(2)}x)`;
    }
    console.log(`| ${r.name} | ${cells.join(' | ')} | ${r.target?.text ?? '—'} | ${verdict || '—'} |`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
