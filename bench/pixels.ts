// Pixel comparison of the public pages of two running servers with the same content, such as the
// build of `main` and the build of a branch (each started the way e2e/harness/global-setup.ts does):
//   tsx bench/pixels.ts http://127.0.0.1:4001 http://127.0.0.1:4002
// Every public page kind (landing, team, news, an article, projects, a project, the three legal
// pages, the enquiry thank-you page, a 404), full page, at 390 and 1440 px, with and without
// JavaScript, in the machine's Chromium; the hero video is hidden (its frames differ run to run).
// Prints the differing pixels of each pair, writes both images of a differing pair to the temporary
// folder, and exits 1 when any pair differs.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { launchBrowser } from '../e2e/harness/browser.js';

const WIDTHS = [390, 1440];
const HIDE_MOVING = 'video { visibility: hidden !important } * { caret-color: transparent !important }';

/** The first link of a list page to one of its items. */
async function firstItem(base: string, list: string): Promise<string | null> {
  const html = await (await fetch(`${base}${list}`)).text();
  return new RegExp(`href="(${list}/(?!page/)[^"/]+)"`).exec(html)?.[1] ?? null;
}

async function pixels(png: Buffer): Promise<{ width: number; height: number; data: Buffer }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

async function main() {
  const [before, after] = process.argv.slice(2).map((url) => url.replace(/\/$/, ''));
  if (!before || !after) throw new Error('usage: tsx bench/pixels.ts <before base URL> <after base URL>');
  const pages = ['/', '/team', '/news', await firstItem(before, '/news'), '/clients', await firstItem(before, '/clients')];
  pages.push('/privacy-policy', '/imprint', '/accessibility-statement', '/contact/thanks', '/no-such-page');
  const browser = await launchBrowser();
  const shot = async (base: string, page: string, width: number, javaScript: boolean) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: javaScript });
    const tab = await context.newPage();
    await tab.goto(`${base}${page}`, { waitUntil: 'networkidle' });
    if (javaScript) await tab.evaluate(() => document.fonts.ready);
    await tab.waitForTimeout(500);
    const png = await tab.screenshot({ fullPage: true, style: HIDE_MOVING, timeout: 60_000 });
    await context.close();
    return png;
  };
  let differing = 0;
  let pairs = 0;
  try {
    for (const page of pages.filter((entry): entry is string => entry !== null)) {
      for (const width of WIDTHS) {
        for (const javaScript of [false, true]) {
          pairs += 1;
          const shots = [await shot(before, page, width, javaScript), await shot(after, page, width, javaScript)];
          const [a, b] = await Promise.all(shots.map(pixels));
          let diff = 0;
          if (a.width === b.width && a.height === b.height) {
            for (let i = 0; i < a.data.length; i += 3) if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) diff += 1;
          }
          const same = a.width === b.width && a.height === b.height && diff === 0;
          const label = `${page} at ${width} px, ${javaScript ? 'with' : 'without'} JavaScript`;
          if (!same) {
            differing += 1;
            const stem = path.join(os.tmpdir(), `pixels-${page.replace(/\W+/g, '_')}-${width}-${javaScript ? 'js' : 'nojs'}`);
            writeFileSync(`${stem}-before.png`, shots[0]!);
            writeFileSync(`${stem}-after.png`, shots[1]!);
          }
          console.log(`${label}: ${a.width === b.width && a.height === b.height ? `${diff} pixels differ` : `size ${a.width}x${a.height} against ${b.width}x${b.height}`}`);
        }
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`${pairs - differing} of ${pairs} pairs identical.`);
  process.exitCode = differing === 0 ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
