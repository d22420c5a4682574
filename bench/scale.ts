// `npm run bench:scale`: the product at a large archive. The BUILT server (demo content, its own
// DATA_DIR and embedded PostgreSQL, loopback) is measured at demo size, then its news and projects
// (clients) are filled by SQL in batches to each size (BENCH_SCALE_SIZES, default 10,000 and then
// 100,000 of each) and measured again: public list pages (page 1 and the last page: bytes and the
// render after a write), `/` after a write, `/api/news?limit=50`, the admin News screen in Chromium
// (to the first rows, JS heap, DOM elements), a search, a reorder move, write p99 and server RSS.
// Each row is printed with its target (the issue's "Targets") and met / NOT met. Bounded; exits by
// itself. The filled rows are generated text of ordinary length, each with its history entry.
import os from 'node:os';
import { chromium } from 'playwright-core';
import { resident } from './memory.js';
import { Admin, median, timed, type Timed } from './scale-client.js';
import { connectDatabase, fill } from './scale-fill.js';
import { adminScreen, afterWrite, lastPageLinked, moves, search, writes } from './scale-measures.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, KB, MiB, REPEATS, SCREEN_TIMEOUT_MS, SIZES, TARGETS, WRITES, type Cell, type Row, type Target } from './scale-settings.js';
import { startBenchServer } from './server.js';

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
