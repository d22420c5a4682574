import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from './harness/browser.js';

// The header's section entries are real links, the current page is marked, focus follows the
// chosen section, and the phone menu closes on Escape, a tap outside and any navigation.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string, width = 1440): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
  return page;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('a page reached in the browser', () => {
  it('loads its data with one cacheable GET of /graphql, once per visit', async () => {
    const page = await open('/');
    const queries: { method: string; url: string; status?: number; cache?: string | null }[] = [];
    page.on('response', (response) => {
      if (!response.url().includes('/graphql')) return;
      queries.push({ method: response.request().method(), url: response.url(), status: response.status(), cache: response.headers()['x-render-cache'] });
    });
    await page.getByRole('link', { name: 'View All News' }).click();
    await page.getByRole('heading', { level: 1, name: 'Our News' }).waitFor();
    await page.getByRole('article').first().waitFor();
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatchObject({ method: 'GET', status: 200 });
    expect(new URL(queries[0]!.url).searchParams.get('operationName')).toBe('NewsPage');
    // Back to the landing page (its data came with the page) and to News again: nothing new to fetch.
    await page.goBack();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goForward();
    await page.getByRole('article').first().waitFor();
    expect(queries).toHaveLength(1);
    await page.close();
  });
});

describe('header links', () => {
  it('are links to /#section in the server-rendered page, with News pointing at /news on /news', async () => {
    const html = await (await fetch(`${baseUrl()}/news`)).text();
    expect(html).toMatch(/<a[^>]*href="\/#who-we-are"[^>]*>Who We Are<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/#contact"[^>]*>Contact<\/a>/);
    expect(html).toMatch(/<a(?=[^>]*href="\/news")(?=[^>]*aria-current="page")[^>]*>News<\/a>/);
  });

  it('choosing News on /news stays on /news, at its top', async () => {
    const page = await open('/news');
    await page.mouse.wheel(0, 1200);
    await mainNav(page).getByRole('link', { name: 'News' }).click();
    await page.waitForFunction(() => window.scrollY === 0);
    expect(new URL(page.url()).pathname).toBe('/news');
    await expect(mainNav(page).getByRole('link', { name: 'News' }).getAttribute('aria-current')).resolves.toBe('page');
    await page.close();
  });

  it('marks the current page with aria-current on every public page', async () => {
    for (const [path, label] of [['/', 'Home'], ['/team', 'Team'], ['/news', 'News'], ['/clients', 'Projects']]) {
      const page = await open(path);
      const current = await mainNav(page).locator('[aria-current="page"]').allTextContents();
      expect({ path, current }).toEqual({ path, current: [label] });
      await page.close();
    }
  });

  it('on the landing page moves keyboard focus to the chosen section and puts it in the address', async () => {
    const page = await open('/');
    await mainNav(page).getByRole('link', { name: 'Companies' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'brands');
    expect(new URL(page.url()).hash).toBe('#brands');
    // The next Tab continues inside the chosen section.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('section')?.id)).toBe('brands');
    await page.close();
  });

  it('from another page lands on the section with focus on it', async () => {
    const page = await open('/clients');
    await mainNav(page).getByRole('link', { name: 'Statistics' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#statistics');
    await page.waitForFunction(() => document.activeElement?.id === 'statistics');
    await page.close();
  });
});

describe('phone menu', () => {
  async function openMenu(page: Page) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();
    return menu;
  }

  it('closes on Escape, focus back on the toggle', async () => {
    const page = await open('/team', 390);
    const menu = await openMenu(page);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    await page.close();
  });

  it('closes on a tap outside it', async () => {
    const page = await open('/team', 390);
    const menu = await openMenu(page);
    await page.mouse.click(200, 860);
    await menu.waitFor({ state: 'detached' });
    await page.close();
  });

  it('closes when a footer link is followed', async () => {
    const page = await open('/team', 390);
    const menu = await openMenu(page);
    // By keyboard, so it is the navigation (not a tap outside) that closes it.
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'News' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/news');
    await menu.waitFor({ state: 'detached' });
    await page.close();
  });
});
