import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page, Response } from 'playwright-core';
import { baseUrl, launchBrowser } from './harness/browser.js';

// Uploaded images are offered as resized AVIF/WebP variants (srcset, sizes), load lazily below the
// fold, and nothing moves while the page loads.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Sum of layout-shift scores not caused by input, while the page loads and is scrolled through. */
async function layoutShiftWhileLoading(page: Page, path: string): Promise<number> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
  });
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

describe('responsive images', () => {
  it('offers AVIF and WebP variants with sizes for every uploaded picture of the news page', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${baseUrl()}/news`, { waitUntil: 'networkidle' });
    const pictures = await page.$$eval('article picture', (nodes) =>
      nodes.map((picture) => ({
        img: picture.querySelector('img')!.getAttribute('src'),
        sources: [...picture.querySelectorAll('source')].map((s) => ({ type: s.type, srcset: s.srcset, sizes: s.sizes })),
      })),
    );
    expect(pictures.length).toBeGreaterThan(0);
    for (const { img, sources } of pictures) {
      const base = img!.replace(/\.[a-z]+$/i, '');
      expect(sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
      // The demo pictures are 480 px wide (named so): 320w and their own 480w, nothing wider.
      expect(base).toMatch(/-w480$/);
      expect(sources[0].srcset).toBe(`${base}-320.avif 320w, ${base}-640.avif 480w`);
      expect(sources[0].sizes).not.toBe('');
    }
    await page.close();
  });

  it('advertises no width past what the served variant holds, on every public page', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    for (const path of ['/', '/team', '/news', '/clients']) {
      await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
      const candidates = await page.$$eval('picture source', (sources) =>
        sources.flatMap((source) =>
          source.srcset.split(',').map((entry) => {
            const [url, descriptor] = entry.trim().split(/\s+/);
            return { url: url!, advertised: Number.parseInt(descriptor!, 10) };
          }),
        ),
      );
      expect(candidates.length).toBeGreaterThan(0);
      for (const { url, advertised } of candidates) {
        const served = await page.evaluate(async (src) => {
          const image = new Image();
          image.src = src;
          await image.decode();
          return image.naturalWidth;
        }, url);
        expect({ path, url, advertised }).toEqual({ path, url, advertised: served });
      }
    }
    await page.close();
  });

  it('the browser picks an AVIF variant, served as image/avif', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const responses = new Map<string, Response>();
    page.on('response', (response) => responses.set(response.url(), response));
    await page.goto(`${baseUrl()}/news`, { waitUntil: 'networkidle' });
    const chosen = await page.$eval('article picture img', (img) => (img as HTMLImageElement).currentSrc);
    expect(chosen).toMatch(/-(320|640|1280)\.avif$/);
    const response = responses.get(chosen);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toBe('image/avif');
    await page.close();
  });

  it('loads the first row eagerly and the rest lazily', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${baseUrl()}/team`, { waitUntil: 'networkidle' });
    const loading = await page.$$eval('article img', (imgs) => imgs.map((img) => img.getAttribute('loading')));
    expect(loading.slice(0, 4)).toEqual(['eager', 'eager', 'eager', 'eager']);
    expect(loading.slice(4).every((value) => value === 'lazy')).toBe(true);
    const landing = await (await fetch(`${baseUrl()}/`)).text();
    expect(landing).toMatch(/<link rel="preload" href="\/assets\/poster-[^"]+\.jpg" as="image" fetchpriority="high"/);
    await page.close();
  });

  for (const width of [390, 1440]) {
    it(`shifts nothing while / and /news load at ${width}px (layout shift < 0.05)`, async () => {
      for (const path of ['/', '/news', '/team']) {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        const shift = await layoutShiftWhileLoading(page, path);
        expect({ path, shift: shift < 0.05 ? 'under 0.05' : shift }).toEqual({ path, shift: 'under 0.05' });
        await page.close();
      }
    });
  }
});

describe('web fonts', () => {
  it('headings use the shipped serif and body text the shipped sans, loaded from our own server', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const fonts: Array<{ url: string; status: number; type: string }> = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.woff2')) fonts.push({ url: response.url(), status: response.status(), type: response.headers()['content-type'] });
    });
    await page.goto(`${baseUrl()}/`, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    const families = await page.evaluate(() => ({
      heading: getComputedStyle(document.querySelector('h1')!).fontFamily,
      body: getComputedStyle(document.body).fontFamily,
      serifLoaded: document.fonts.check('600 32px "Source Serif 4 Variable"'),
      sansLoaded: document.fonts.check('16px "Inter Variable"'),
    }));
    expect(families.heading.split(',')[0].replace(/["']/g, '').trim()).toBe('Source Serif 4 Variable');
    expect(families.body.split(',')[0].replace(/["']/g, '').trim()).toBe('Inter Variable');
    expect(families.serifLoaded && families.sansLoaded).toBe(true);
    expect(fonts.map((f) => new URL(f.url).pathname).sort()).toEqual([
      expect.stringMatching(/^\/assets\/inter-latin-wght-normal-[^/]+\.woff2$/),
      expect.stringMatching(/^\/assets\/source-serif-4-latin-wght-normal-[^/]+\.woff2$/),
    ]);
    for (const font of fonts) expect(font).toMatchObject({ status: 200, type: 'font/woff2' });
    await page.close();
  });

  it('preloads both font files from the server-rendered head', async () => {
    const html = await (await fetch(`${baseUrl()}/team`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<link rel="preload" href="\/assets\/[^"]+\.woff2" as="font" type="font\/woff2" crossorigin \/>/g)).toHaveLength(2);
  });
});
