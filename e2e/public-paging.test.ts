import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { axeViolations } from './harness/axe.js';
import { launchBrowser, watchConsole } from './harness/browser.js';
import { startOwnServer, type OwnServer } from './harness/own-server.js';

// /news in pages, on a built server of this file's own (the shared one keeps the demo content,
// which fits one page): enough articles for three pages added through the admin API, then page 2
// read as a crawler (HTML, head links, sitemap) and as a visitor in Chromium (pager at phone and
// desktop widths, hydration, axe-core).

const PAGE_SIZE = 12;
/** Two full pages and a part of the third. */
const TOTAL = 2 * PAGE_SIZE + 7;

let server: OwnServer;
let browser: Browser;
let titles: string[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startOwnServer('public-paging'), launchBrowser()]);
  const cookie = await server.login();
  // One uploaded picture for every article (the site serves it; no outside address to resolve).
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 23, g: 54, b: 94 } } }).png().toBuffer())], { type: 'image/png' }), 'picture.png');
  const uploaded = await fetch(`${server.baseUrl}/api/upload-image`, { method: 'POST', headers: { cookie, origin: server.baseUrl }, body: form });
  if (uploaded.status !== 201) throw new Error(`uploading a picture: ${uploaded.status} ${await uploaded.text()}`);
  const { url: pictureUrl } = (await uploaded.json()) as { url: string };
  const existing = ((await (await fetch(`${server.baseUrl}/api/news`)).json()) as unknown[]).length;
  for (let n = existing + 1; n <= TOTAL; n += 1) {
    const created = await fetch(`${server.baseUrl}/api/admin/news`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: server.baseUrl },
      body: JSON.stringify({ title: `Paged article ${String(n).padStart(3, '0')}`, brief: `The brief of article ${n}.`, pictureUrl }),
    });
    if (created.status !== 201) throw new Error(`adding news: ${created.status} ${await created.text()}`);
  }
  titles = ((await (await fetch(`${server.baseUrl}/api/news`)).json()) as { title: string }[]).map((item) => item.title);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const headings = (html: string) => [...html.matchAll(/<h2[^>]*>(?:<a[^>]*>)?([^<]+)</g)].map((m) => m[1].replace(/&amp;/g, '&'));

describe('paged news as crawlers read it', () => {
  it('has three pages, page 2 with exactly its cards, its own canonical URL, prev/next links and a numbered title', async () => {
    expect(titles).toHaveLength(TOTAL);
    const response = await fetch(`${server.baseUrl}/news/page/2`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(headings(html)).toEqual(titles.slice(PAGE_SIZE, 2 * PAGE_SIZE));
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    expect(new URL(canonical!).pathname).toBe('/news/page/2');
    expect(new URL(/<link rel="prev" href="([^"]+)"/.exec(html)![1]).pathname).toBe('/news');
    expect(new URL(/<link rel="next" href="([^"]+)"/.exec(html)![1]).pathname).toBe('/news/page/3');
    expect(/<title>([^<]+)<\/title>/.exec(html)?.[1]).toMatch(/^Our News — page 2 of 3 \| /);
    // The pager's links are plain links in the server's HTML.
    expect(html).toContain('aria-label="Pagination"');
    for (const href of ['/news', '/news/page/3']) expect(html).toContain(`href="${href}"`);

    const first = await (await fetch(`${server.baseUrl}/news`)).text();
    expect(headings(first)).toEqual(titles.slice(0, PAGE_SIZE));
    expect(/<link rel="prev"/.test(first)).toBe(false);
    expect(new URL(/<link rel="next" href="([^"]+)"/.exec(first)![1]).pathname).toBe('/news/page/2');
    const last = await (await fetch(`${server.baseUrl}/news/page/3`)).text();
    expect(headings(last)).toEqual(titles.slice(2 * PAGE_SIZE));
    expect(/<link rel="next"/.test(last)).toBe(false);
  });

  it('answers /news/page/1 with a 301 to /news, and a page past the end, page 0 and a leading zero with the 404 page', async () => {
    const first = await fetch(`${server.baseUrl}/news/page/1`, { redirect: 'manual' });
    expect([first.status, first.headers.get('location')]).toEqual([301, '/news']);
    const spelled = await fetch(`${server.baseUrl}/NEWS/Page/2/`, { redirect: 'manual' });
    expect([spelled.status, spelled.headers.get('location')]).toEqual([301, '/news/page/2']);
    for (const path of ['/news/page/4', '/news/page/400', '/news/page/0', '/news/page/02', '/news/page/two']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      const html = await response.text();
      expect({ path, status: response.status, notFound: html.includes('404 Page Not Found') }).toEqual({ path, status: 404, notFound: true });
    }
  });

  it('lists every page in sitemap.xml', async () => {
    const xml = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
    const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    // Each list's pages, then its items' own pages in the list's order.
    const items = async (list: string) => ((await (await fetch(`${server.baseUrl}/api/${list}`)).json()) as { slug: string }[]).map((item) => `/${list}/${item.slug}`);
    const [news, clients] = await Promise.all([items('news'), items('clients')]);
    expect(news).toHaveLength(TOTAL);
    expect(paths).toEqual(['/', '/team', '/news', '/news/page/2', '/news/page/3', ...news, '/clients', ...clients]);
  });
});

describe('paged news in Chromium', () => {
  it('shows the compact pager on a 390 px phone and the numbered one at 1440 px; hydrates cleanly; Next goes to page 3', async () => {
    for (const width of [390, 1440]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const watched = watchConsole(page);
      await page.goto(`${server.baseUrl}/news/page/2`, { waitUntil: 'networkidle' });
      const nav = page.getByRole('navigation', { name: 'Pagination' });
      await expect(nav.isVisible()).resolves.toBe(true);
      const visibleLinks = await nav.getByRole('link').evaluateAll((links) =>
        links.filter((a) => (a as HTMLElement).offsetParent !== null).map((a) => [a.textContent?.replace(/\u00a0/g, ' '), a.getAttribute('href')]),
      );
      if (width === 390) {
        expect(visibleLinks).toEqual([
          ['‹ Previous page', '/news'],
          ['Next page ›', '/news/page/3'],
        ]);
        await expect(nav.getByText('Page 2 of 3').isVisible()).resolves.toBe(true);
      } else {
        expect(visibleLinks).toEqual([
          ['‹ Previous page', '/news'],
          ['Page 1', '/news'],
          ['Page 2', '/news/page/2'],
          ['Page 3', '/news/page/3'],
          ['Next page ›', '/news/page/3'],
        ]);
        expect(await nav.locator('a[aria-current="page"]:visible').textContent()).toBe('Page 2');
      }
      // The pager's box fits the viewport (nothing scrolls sideways on a phone).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await page.locator('main article').count()).toBe(PAGE_SIZE);
      await nav.getByRole('link', { name: 'Next page' }).locator('visible=true').click();
      await page.waitForURL(`${server.baseUrl}/news/page/3`);
      expect(await page.locator('main article').count()).toBe(TOTAL - 2 * PAGE_SIZE);
      expect(watched.problems).toEqual([]);
      await page.close();
    }
  });

  it('has no axe-core violations on a paged page at 390 and 1440 px', async () => {
    for (const width of [390, 1440]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${server.baseUrl}/news/page/2`, { waitUntil: 'networkidle' });
      expect({ width, violations: await axeViolations(page) }).toEqual({ width, violations: [] });
      await page.close();
    }
  });
});
