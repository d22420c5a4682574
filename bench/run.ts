// `npm run bench`: the public read path of the BUILT server (demo content, loopback) side by side
// with a bare node:http server answering the very same bytes from memory, alternating in one run,
// 50 connections (the pages /, /news and a news article's own page, a REST and a GraphQL read).
// Prints each ratio and p99, the random-Host and editor-saving cases, RSS after the load, restart
// to first 200, the JavaScript weight of `/`, and the server's memory during a long mixed load (a
// fresh server: before, peak and after, and where it is), and the same server with the edge on behind
// a real Varnish with the project's VCL (edge.ts: req/s and what reached the origin). Bounded; exits by itself.
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { print } from 'graphql';
import { LandingPageDocument } from '../web/src/graphql/generated/graphql.js';
import { publicJsWeight } from '../e2e/harness/js-weight.js';
import { requireVarnish } from '../e2e/harness/varnish.js';
import { bareTwin, BROWSER_HEADERS, compare, CONNECTIONS, ROUNDS, scratch, SECONDS, type Comparison, type Target } from './bare-twin.js';
import { EDGE_ROW, edgeTable, throughVarnish } from './edge.js';
import { memoryTable, memoryUnderLoad, resident, type MemoryUnderLoad } from './memory.js';
import { ADMIN, startBenchServer } from './server.js';

/** The mixed load of the "RSS under load" row: these paths in turn on every connection, an editor saving once a second. */
const MEMORY_SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 60);
const MEMORY_PATHS = ['/', '/news', '/api/countries'];
const MEMORY_ROW = 'RSS under load';
const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** `BENCH_ONLY=/api/countries`: only the targets whose name contains it (a quick look while working; no extra rows but "RSS under load" when named). */
const ONLY = process.env.BENCH_ONLY;

const landingQuery = JSON.stringify({ operationName: 'LandingPage', query: print(LandingPageDocument), variables: {} });
/** The article page row's path until the server names an article: `/news/<slug>` of a seeded one. */
const ARTICLE_PATH = '/news/{slug}';
const TARGETS: Target[] = [
  { name: '/ (SSR)', path: '/' },
  { name: '/news (SSR)', path: '/news' },
  { name: '/news/<slug> (SSR article page)', path: ARTICLE_PATH },
  { name: '/api/countries', path: '/api/countries' },
  { name: 'landing GraphQL query', path: '/graphql', method: 'POST', headers: { 'content-type': 'application/json' }, body: landingQuery },
];

function rssMegabytes(pid: number): number {
  return Math.round(resident(pid).rss / 2 ** 20);
}

async function login(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (response.status !== 200) throw new Error(`login: HTTP ${response.status}`);
  return response.headers.getSetCookie().find((c) => c.startsWith('sid='))!.split(';')[0];
}

interface Saves {
  count: number;
  failed: number;
  why: string[];
  inFlight: Promise<void>[];
}

const noSaves = (): Saves => ({ count: 0, failed: 0, why: [], inFlight: [] });
const describeSaves = (saves: Saves) => `${saves.count} saved, ${saves.failed} failed${saves.why.length ? ` (${saves.why.join('; ')})` : ''}`;

/** An editor saving the landing content once a second while the load runs. */
function editorSaving(baseUrl: string, cookie: string, landing: Record<string, unknown>, saves: Saves) {
  return () => {
    const { id, ...fields } = landing;
    const timer = setInterval(() => {
      const save = fetch(`${baseUrl}/api/admin/landing-content/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ ...fields, heroTagline: `Saved at ${Date.now()}` }),
      }).then(
        async (r) => {
          if (r.ok) saves.count += 1;
          else {
            saves.failed += 1;
            saves.why.push(`HTTP ${r.status} ${(await r.text()).slice(0, 120)}`);
          }
        },
        (error: unknown) => {
          saves.failed += 1;
          saves.why.push(String(error));
        },
      );
      saves.inFlight.push(save);
    }, 1000);
    return () => clearInterval(timer);
  };
}

/** The X-Render-Cache of a GET with the given Host header (fetch cannot set Host). */
function cacheStateWithHost(url: string, host: string): Promise<string | undefined> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    httpRequest({ host: hostname, port, path: pathname, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.headers['x-render-cache'] as string | undefined));
    })
      .on('error', reject)
      .end();
  });
}

/**
 * A fresh server (started with the inspector, on loopback, to read its memory) under the mixed load
 * for MEMORY_SECONDS: its memory before, at the peak and after, and the editor's saves.
 */
async function rssUnderLoad(): Promise<{ memory: MemoryUnderLoad; saves: Saves }> {
  const server = await startBenchServer({ inspect: true });
  try {
    const { baseUrl } = server;
    const cookie = await login(baseUrl);
    const landing = (await (await fetch(`${baseUrl}/api/landing-content`)).json()) as Record<string, unknown>;
    const saves = noSaves();
    const memory = await memoryUnderLoad(
      server.pid(),
      server.inspector!,
      { url: baseUrl, paths: MEMORY_PATHS, headers: BROWSER_HEADERS, connections: CONNECTIONS, seconds: MEMORY_SECONDS },
      editorSaving(baseUrl, cookie, landing, saves),
    );
    await Promise.all(saves.inFlight);
    return { memory, saves };
  } finally {
    await server.stop();
  }
}

const randomHost = () => `h${Math.random().toString(36).slice(2, 10)}.example:${1000 + Math.floor(Math.random() * 9000)}`;

/**
 * The page of a seeded news article: one without an external link (its card leads to its page),
 * else the first.
 */
async function articlePath(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/news`);
  if (response.status !== 200) throw new Error(`/api/news: HTTP ${response.status}`);
  const articles = (await response.json()) as { slug?: string; link?: string | null }[];
  const article = articles.find((a) => a.slug && !a.link) ?? articles.find((a) => a.slug);
  if (!article) throw new Error('the demo content has no news article with a slug');
  return `/news/${article.slug}`;
}

async function publicReads(wanted: Target[]) {
  const loadAtStart = os.loadavg().map((n) => n.toFixed(1)).join(' ');
  const server = await startBenchServer();
  const twins: ChildProcess[] = [];
  try {
    const { baseUrl } = server;
    const article = wanted.some((t) => t.path === ARTICLE_PATH) ? await articlePath(baseUrl) : '';
    const targets = wanted.map((t) => (t.path === ARTICLE_PATH ? { ...t, path: article } : t));
    const rssStart = rssMegabytes(server.pid());
    const rows: Comparison[] = [];
    let landingTwin = '';
    for (const target of targets) {
      const twin = await bareTwin(baseUrl, target);
      twins.push(twin.child);
      if (target.path === '/') landingTwin = twin.url;
      rows.push(await compare(target.name, twin.url, { url: `${baseUrl}${target.path}`, method: target.method, headers: target.headers, body: target.body }));
    }
    const saves = noSaves();
    let hostChecks: (string | undefined)[] = [];
    if (!ONLY) {
      rows.push(await compare('/ with a random Host per request', landingTwin, { url: `${baseUrl}/`, host: randomHost }));
      hostChecks = await Promise.all(Array.from({ length: 20 }, () => cacheStateWithHost(`${baseUrl}/`, randomHost())));
      const cookie = await login(baseUrl);
      const landing = (await (await fetch(`${baseUrl}/api/landing-content`)).json()) as Record<string, unknown>;
      rows.push(await compare('/ while an editor saves once a second', landingTwin, { url: `${baseUrl}/` }, editorSaving(baseUrl, cookie, landing, saves)));
      // A save still on its way when the load ends is answered before the restart below.
      await Promise.all(saves.inFlight);
    }
    const rssLoaded = rssMegabytes(server.pid());
    const restart = ONLY ? Number.NaN : await server.restart();
    const js = publicJsWeight(path.join(ROOT, 'web/dist'));

    console.log(
      `\nPublic reads, ${CONNECTIONS} connections, ${ROUNDS} x ${SECONDS} s alternating with a bare node:http server serving the same bytes (requests send Accept-Encoding: ${BROWSER_HEADERS['accept-encoding']}, as browsers do)`,
    );
    console.log(`(${os.cpus().length} x ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString()}, load average at start ${loadAtStart})\n`);
    console.log('| path | bare node:http req/s | ours req/s | ratio | bare p99 | our p99 | errors |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(`| ${r.name} | ${Math.round(r.bare)} | ${Math.round(r.ours)} | ${(r.ours / r.bare).toFixed(2)} | ${r.bareP99} ms | ${r.p99} ms | ${r.errors} |`);
    }
    if (article) console.log(`\nThe article page row reads ${article} (a cache hit, answered before Express like /news).`);
    const hits = hostChecks.filter((c) => c === 'hit').length;
    console.log(`\nRandom Host check: ${hits}/${hostChecks.length} requests with a random Host were cache hits.`);
    console.log(`Editor saves during the load: ${describeSaves(saves)}.`);
    console.log(`Server RSS: ${rssStart} MiB after start, ${rssLoaded} MiB after the load.`);
    console.log(`Restart (SIGTERM, start again) to first 200 of /: ${Math.round(restart)} ms.`);
    console.log(
      `JavaScript of / (entry and its static imports, ${js.files.length} files): ${(js.raw / 1024).toFixed(0)} KiB raw, ${(js.gzip / 1024).toFixed(1)} KiB gzip, ${(js.brotli / 1024).toFixed(1)} KiB brotli.`,
    );
  } finally {
    for (const twin of twins) twin.kill();
    await server.stop();
  }
}

async function main() {
  const targets = TARGETS.filter((t) => !ONLY || t.name.includes(ONLY));
  const edge = !ONLY || EDGE_ROW.includes(ONLY);
  // Before the long runs: the Varnish rows need varnishd (never skipped).
  if (edge) requireVarnish();
  try {
    if (!ONLY || targets.length > 0) await publicReads(targets);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  if (edge) {
    const loadAtStart = os.loadavg().map((n) => n.toFixed(1)).join(' ');
    const rows = await throughVarnish();
    console.log(
      `\nPublic reads ${EDGE_ROW}: the server with EDGE_CACHE on and EDGE_PURGER=varnish, asked directly and through Varnish 7 with deploy/varnish/site.vcl, ${ROUNDS} x ${SECONDS} s each alternating, ${CONNECTIONS} connections (Varnish keeps gzip, the origin sends brotli; load average at start ${loadAtStart})\n`,
    );
    for (const line of edgeTable(rows)) console.log(line);
    const editing = rows.find((r) => r.saves !== undefined);
    if (editing) console.log(`\nEditor saves during the Varnish runs of the last row: ${editing.saves} (each purges the pages showing the landing content).`);
  }
  if (!ONLY || MEMORY_ROW.includes(ONLY)) {
    const loadAtStart = os.loadavg().map((n) => n.toFixed(1)).join(' ');
    const { memory, saves } = await rssUnderLoad();
    console.log(
      `\n${MEMORY_ROW}: a fresh server, ${MEMORY_SECONDS} s of ${MEMORY_PATHS.join(', ')} in turn on ${CONNECTIONS} connections while an editor saves once a second (load average at start ${loadAtStart})`,
    );
    console.log(`${Math.round(memory.result.perSecond)} req/s, ${memory.result.errors} errors; editor saves: ${describeSaves(saves)}. MiB; rest = RSS - heap - external - mapped files.\n`);
    for (const line of memoryTable(memory)) console.log(line);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
