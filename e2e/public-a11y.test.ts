import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser } from './harness/browser.js';
import { axeViolations } from './harness/axe.js';
import { startEmptyServer, type ExtraServer } from './harness/extra-server.js';

// axe-core finds nothing on any public page, at phone and desktop widths, with the demo content
// (the shared server) and on a fresh install with nothing entered yet (a server of this file's own).

const PATHS = ['/', '/team', '/news', '/clients', '/no-such-page'];
const WIDTHS = [390, 1440];

let browser: Browser;
let empty: ExtraServer;

beforeAll(async () => {
  [browser, empty] = await Promise.all([launchBrowser(), startEmptyServer()]);
}, 150_000);

afterAll(async () => {
  await browser?.close();
  await empty?.stop();
});

async function violationsAt(origin: string, path: string, width: number) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  try {
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
    return await axeViolations(page);
  } finally {
    await page.close();
  }
}

describe('accessibility of the public pages (axe-core)', () => {
  for (const width of WIDTHS) {
    it(`has no violations at ${width}px with the demo content`, async () => {
      for (const path of PATHS) expect({ path, violations: await violationsAt(baseUrl(), path, width) }).toEqual({ path, violations: [] });
    });

    it(`has no violations at ${width}px on a fresh install`, async () => {
      for (const path of PATHS) expect({ path, violations: await violationsAt(empty.baseUrl, path, width) }).toEqual({ path, violations: [] });
    });
  }

  it.each(WIDTHS)('shows the skip link above everything when it gets keyboard focus (%ipx)', async (width) => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${baseUrl()}/`, { waitUntil: 'networkidle' });
    await page.keyboard.press('Tab');
    const skip = await page.evaluate(() => {
      const link = document.activeElement as HTMLElement;
      const box = link.getBoundingClientRect();
      const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return { text: link.textContent, onTop: !!top && link.contains(top), inView: box.left >= 0 && box.top >= 0 };
    });
    expect(skip).toEqual({ text: 'Skip to content', onTop: true, inView: true });
    await page.close();
  });

  it('shows a visible focus ring on keyboard focus', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${baseUrl()}/news`, { waitUntil: 'networkidle' });
    await page.keyboard.press('Tab'); // skip link
    await page.keyboard.press('Tab'); // logo link
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    await page.close();
  });
});
