import type { Browser, Page } from 'playwright-core';
import { Admin, median, percentile, timed, type Timed } from './scale-client.js';
import { WORDS } from './scale-fill.js';
import { REPEATS, SCREEN_TIMEOUT_MS, SLOW_MEASURE_MS, WRITES } from './scale-settings.js';
import type { BenchServer } from './server.js';

// The measurements of `npm run bench:scale` (scale.ts): reads after a write, the admin screen in
// Chromium, a search, a move, sequential writes.

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
export async function afterWrite(
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
export function lastPageLinked(html: string, list: string): number | null {
  const pages = [...html.matchAll(new RegExp(`/${list}/page/(\\d+)`, 'g'))].map((m) => Number(m[1]));
  return pages.length ? Math.max(...pages) : null;
}

export interface ScreenMeasure {
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
export async function adminScreen(browser: Browser, server: BenchServer, admin: Admin): Promise<ScreenMeasure> {
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
export async function search(admin: Admin): Promise<{ median: number; worst: number; matches: number } | { na: string }> {
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
export async function moves(admin: Admin, total: number): Promise<{ median: number; worst: number } | { na: string }> {
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
export async function writes(server: BenchServer, admin: Admin, template: Record<string, unknown>): Promise<{ p50: number; p99: number; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  for (let i = 0; i < WRITES; i++) {
    const created = await admin.rest('POST', '/api/admin/news', { ...template, title: `Bench write ${i} at ${Date.now()}` });
    if (created.status !== 201 && created.status !== 200) failed += 1;
    times.push(created.ms);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), failed };
}
