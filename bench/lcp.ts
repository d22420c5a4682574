// Lighthouse-style load check of `/` on a throttled phone profile, in Chromium over the DevTools
// protocol: 4x CPU slowdown, 1.6 Mbps down / 750 kbps up with 150 ms round trips (Lighthouse's
// mobile profile), a 412x823 phone screen at DPR 1.75, empty cache each run. Prints largest
// contentful paint and cumulative layout shift (targets: LCP < 2.5 s, CLS < 0.05).
//
// Against the BUILT server with demo content started by the e2e harness (`npm run build` first):
//   tsx bench/lcp.ts            or, for a server already running:   tsx bench/lcp.ts http://localhost:3000/
import globalSetup from '../e2e/harness/global-setup.js';
import globalTeardown from '../e2e/harness/global-teardown.js';
import { launchBrowser, server } from '../e2e/harness/browser.js';

const RUNS = 3;
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
export const LCP_TARGET_MS = 2500;
export const CLS_TARGET = 0.05;

interface Run {
  lcp: number;
  lcpElement: string;
  cls: number;
  fcp: number;
  transferredKiB: number;
}

/** Records LCP and layout shifts from the first paint on (buffered observers, set before any script). */
function observeVitals() {
  const w = window as unknown as { __vitals: { lcp: number; lcpElement: string; cls: number } };
  w.__vitals = { lcp: 0, lcpElement: '', cls: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as Array<{ startTime: number; element?: Element | null }>) {
      w.__vitals.lcp = entry.startTime;
      const el = entry.element;
      w.__vitals.lcpElement = el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"` : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
      if (!entry.hadRecentInput) w.__vitals.cls += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

async function measureOnce(url: string, browser: Awaited<ReturnType<typeof launchBrowser>>): Promise<Run> {
  const context = await browser.newContext({ ...PHONE, userAgent: USER_AGENT });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    let transferred = 0;
    cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => (transferred += event.encodedDataLength));
    await page.addInitScript(observeVitals);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // LCP is final once the page settles (no input here); give late images and fonts their time.
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
    await page.waitForTimeout(1000);
    const vitals = await page.evaluate(() => (window as unknown as { __vitals: { lcp: number; lcpElement: string; cls: number } }).__vitals);
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
    return { ...vitals, fcp, transferredKiB: transferred / 1024 };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function measureLcp(url: string): Promise<{ lcp: number; cls: number; runs: Run[] }> {
  // One request first, so `/` comes from the server's page cache as for every visitor but the
  // very first after a start (that one render costs the server ~1 s more; see the README).
  await (await fetch(url)).arrayBuffer();
  const browser = await launchBrowser();
  try {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(url, browser));
    return { lcp: median(runs.map((r) => r.lcp)), cls: Math.max(...runs.map((r) => r.cls)), runs };
  } finally {
    await browser.close();
  }
}

async function main() {
  const given = process.argv[2];
  if (!given) await globalSetup();
  try {
    const url = given ?? `${server().baseUrl}/`;
    const { lcp, cls, runs } = await measureLcp(url);
    console.log(`\nLoad of ${new URL(url).pathname} on a throttled phone (4x CPU, 1.6 Mbps / 150 ms RTT, 412x823 @1.75), ${RUNS} cold runs:`);
    console.table(
      runs.map((r, i) => ({
        run: i + 1,
        'first contentful paint': `${r.fcp.toFixed(0)} ms`,
        'largest contentful paint': `${r.lcp.toFixed(0)} ms`,
        'LCP element': r.lcpElement,
        'layout shift': r.cls.toFixed(4),
        transferred: `${r.transferredKiB.toFixed(0)} KiB`,
      })),
    );
    const lcpOk = lcp < LCP_TARGET_MS;
    const clsOk = cls < CLS_TARGET;
    console.log(`LCP (median) ${lcp.toFixed(0)} ms: ${lcpOk ? 'under' : 'OVER'} ${LCP_TARGET_MS} ms`);
    console.log(`CLS (worst)  ${cls.toFixed(4)}: ${clsOk ? 'under' : 'OVER'} ${CLS_TARGET}`);
    process.exitCode = lcpOk && clsOk ? 0 : 1;
  } finally {
    if (!given) await globalTeardown();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
