// Lighthouse, as users' tools run it: the mobile profile (simulated slow 4G, 4x slower CPU, a
// phone screen), three runs per page, the median of each figure. On `/`, `/news` and an article
// page of the demo content, against the BUILT server the e2e harness starts (`npm run build`
// first), or against a running server:
//   tsx bench/lighthouse.ts            or      tsx bench/lighthouse.ts http://localhost:3000
// Prints each page's four category scores, LCP, TBT, CLS and its longest task during load, with the
// targets, and the throttled phone LCP run of bench/lcp.ts beside them. Exits 1 when a target is missed.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import globalSetup from '../e2e/harness/global-setup.js';
import globalTeardown from '../e2e/harness/global-teardown.js';
import { CHROMIUM_PATH, server } from '../e2e/harness/browser.js';
import { measureLcp } from './lcp.js';

const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/**
 * The targets: every category 100, TBT under 100 ms, LCP under 1.8 s, CLS under 0.05, and no long
 * task (over 50 ms, as Lighthouse simulates the phone's CPU) while the page loads.
 */
export const TARGETS = { score: 100, tbtMs: 100, lcpMs: 1800, cls: 0.05, taskMs: 50 };
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

interface Figures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The longest main-thread task while the page loaded (0 when none reached 50 ms). */
  longestTaskMs: number;
  scriptKiB: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function runOnce(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], formFactor: 'mobile' });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as Figures['scores'];
  const items = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  return {
    scores,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    longestTaskMs: Math.max(0, ...((lhr.audits['long-tasks']?.details as { items?: { duration: number }[] } | undefined)?.items ?? []).map((task) => task.duration)),
    scriptKiB: (items.find((item) => item.resourceType === 'script')?.transferSize ?? 0) / 1024,
  };
}

/** The median of three runs of each figure (each score's median on its own). */
export async function measurePage(url: string, port: number): Promise<Figures> {
  // One request first, so the page comes from the server's page cache as for every visitor but the first.
  await (await fetch(url)).arrayBuffer();
  const runs: Figures[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await runOnce(url, port));
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, median(runs.map((r) => r.scores[id]))])) as Figures['scores'],
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    longestTaskMs: median(runs.map((r) => r.longestTaskMs)),
    scriptKiB: median(runs.map((r) => r.scriptKiB)),
  };
}

/** `/`, `/news` and the first article the news page links, where they exist. */
async function pagesOf(base: string): Promise<string[]> {
  const pages = ['/', '/news'];
  const news = await (await fetch(`${base}/news`)).text();
  const article = /href="(\/news\/(?!page\/)[^"/]+)"/.exec(news)?.[1];
  if (article) pages.push(article);
  return pages;
}

export function meetsTargets(figures: Figures): boolean {
  return (
    CATEGORIES.every((id) => figures.scores[id] >= TARGETS.score) &&
    figures.tbtMs < TARGETS.tbtMs &&
    figures.lcpMs < TARGETS.lcpMs &&
    figures.cls < TARGETS.cls &&
    figures.longestTaskMs < TARGETS.taskMs
  );
}

async function main() {
  const given = process.argv[2];
  if (!given) await globalSetup();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const base = (given ?? server().baseUrl).replace(/\/$/, '');
    const rows: Record<string, string | number>[] = [];
    let allMet = true;
    for (const path of await pagesOf(base)) {
      const figures = await measurePage(`${base}${path}`, chrome.port);
      const met = meetsTargets(figures);
      allMet &&= met;
      rows.push({
        page: path.length > 32 ? `${path.slice(0, 31)}…` : path,
        performance: figures.scores.performance,
        accessibility: figures.scores.accessibility,
        'best practices': figures.scores['best-practices'],
        SEO: figures.scores.seo,
        'LCP (simulated)': `${(figures.lcpMs / 1000).toFixed(2)} s`,
        TBT: `${figures.tbtMs.toFixed(0)} ms`,
        CLS: figures.cls.toFixed(3),
        'longest task': `${figures.longestTaskMs.toFixed(0)} ms`,
        'script transferred': `${figures.scriptKiB.toFixed(1)} KiB`,
        targets: met ? 'met' : 'MISSED',
      });
    }
    const phone = await measureLcp(`${base}/`);
    console.log(`\nLighthouse ${RUNS} runs per page, mobile profile (simulated slow 4G, 4x CPU), medians:`);
    console.table(rows);
    console.log(`Targets: every category ${TARGETS.score}, TBT < ${TARGETS.tbtMs} ms, LCP < ${TARGETS.lcpMs / 1000} s, CLS < ${TARGETS.cls}, no task of ${TARGETS.taskMs} ms or more.`);
    console.log(`Beside it, the throttled-phone run of bench/lcp.ts on /: LCP ${phone.lcp.toFixed(0)} ms (median), CLS ${phone.cls.toFixed(4)} (worst).`);
    console.log(allMet ? 'All Lighthouse targets met.' : 'Some Lighthouse targets were MISSED.');
    process.exitCode = allMet ? 0 : 1;
  } finally {
    await chrome.kill();
    if (!given) await globalTeardown();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
