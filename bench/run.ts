// Speed and memory benchmarks against the BUILT server with demo content, on loopback only.
// Run with `npm run bench` (builds first). Bounded request counts; prints a table; exits by itself.
// It reuses the end-to-end harness to start and stop the server.
import { readFileSync } from 'node:fs';
import globalSetup from '../e2e/harness/global-setup.js';
import globalTeardown from '../e2e/harness/global-teardown.js';
import { launchBrowser, server } from '../e2e/harness/browser.js';

interface Result {
  name: string;
  requests: number;
  p50: number;
  p95: number;
  max: number;
  perSecond: number;
}

async function measure(name: string, requests: number, concurrency: number, call: () => Promise<Response>): Promise<Result> {
  const timings: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next += 1;
        const t0 = performance.now();
        const response = await call();
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
        timings.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))];
  return { name, requests, p50: at(0.5), p95: at(0.95), max: timings[timings.length - 1], perSecond: requests / elapsed };
}

function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function firstPaint(url: string) {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    let scriptBytes = 0;
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(new URL(response.url()).pathname);
        // Bytes on the wire (after gzip/brotli), as the browser received them.
        scriptBytes += (await response.request().sizes()).responseBodySize;
      }
    });
    await page.goto(url, { waitUntil: 'load' });
    const paint = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { fcp, ttfb: nav.responseStart, load: nav.loadEventEnd };
    });
    return { ...paint, scriptBytes, adminLoaded: scripts.some((s) => /admin/i.test(s)) };
  } finally {
    await browser.close();
  }
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  await globalSetup();
  const { baseUrl } = server();
  const pid = JSON.parse(readFileSync(process.env.E2E_SERVER_INFO!, 'utf8')).pid as number;
  try {
    const rssIdle = rssMegabytes(pid);
    const graphql = (query: string) => () =>
      fetch(`${baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });

    // Warm-up, then measured runs.
    await measure('warm-up', 50, 4, () => fetch(`${baseUrl}/`));
    const results = [
      await measure('SSR GET / (landing, all sections)', 300, 8, () => fetch(`${baseUrl}/`)),
      await measure('SSR GET /news', 300, 8, () => fetch(`${baseUrl}/news`)),
      await measure('GraphQL landing data (8 fields)', 500, 8, graphql(
        '{ landingContent { heroTagline } statistics { expertCount } countries { id name } brands { id name } teamMembers { id } news { id title } clients { id title } contactInfo { id value } }',
      )),
      await measure('REST GET /api/news', 500, 8, () => fetch(`${baseUrl}/api/news`)),
    ];
    const rssLoaded = rssMegabytes(pid);
    const paint = await firstPaint(`${baseUrl}/`);

    console.log('\nThroughput and latency (loopback, 2 cores shared with the client):');
    console.table(
      results.map((r) => ({ benchmark: r.name, requests: r.requests, p50: ms(r.p50), p95: ms(r.p95), max: ms(r.max), 'req/s': Math.round(r.perSecond) })),
    );
    console.log('First paint of / in Chromium (1440px):');
    console.table({
      'time to first byte': ms(paint.ttfb),
      'first contentful paint': ms(paint.fcp),
      'load event': ms(paint.load),
      'JavaScript transferred (compressed)': `${(paint.scriptBytes / 1024).toFixed(0)} KiB`,
      'admin code loaded on /': paint.adminLoaded ? 'yes (should not be)' : 'no',
    });
    console.log('Server memory (RSS):');
    console.table({ 'after start': `${rssIdle} MiB`, 'after the runs above': `${rssLoaded} MiB` });
  } finally {
    await globalTeardown();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
