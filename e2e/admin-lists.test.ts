import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { adminCredentials, baseUrl, launchBrowser } from './harness/browser.js';

// The admin's collection tables in Chromium against the built server (demo content): where a new
// item lands, tables that fit or visibly scroll, thumbnails shown whole, reordering by touch.

const SHOTS = process.env.ADMIN_SHOTS_DIR; // set to save screenshots of every table and dialog
const SCREENS = ['countries', 'brands', 'team-members', 'news', 'clients', 'contact-info'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(width: number, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...options });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/admin/login`);
  await page.getByLabel('Username').fill(adminCredentials().username);
  await page.getByLabel('Password').fill(adminCredentials().password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  return { context, page };
}

async function open(page: Page, screen: string) {
  await page.goto(`${baseUrl()}/admin/${screen}`);
  await page.locator('table tbody tr').first().waitFor();
}

const publicList = async (path: string) => (await (await fetch(`${baseUrl()}/api/${path}`)).json()) as { id: number; name: string; flagImageUrl?: string }[];

describe('a new item', () => {
  it('goes last: the add dialog asks for no display order', async () => {
    const { context, page } = await signIn(1440);
    await open(page, 'countries');
    const flag = (await publicList('countries'))[0]!.flagImageUrl!;
    await page.getByRole('button', { name: 'Add Country' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /Name/ }).waitFor();
    expect(await dialog.getByRole('spinbutton', { name: /Display Order/ }).count()).toBe(0);
    await dialog.getByRole('textbox', { name: /Name/ }).fill('Zz Last Land');
    await dialog.getByRole('textbox', { name: /Code/ }).fill('ZZ');
    await dialog.getByRole('textbox', { name: /Flag Image URL/ }).fill(flag);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Country added successfully').waitFor();
    const countries = await publicList('countries');
    expect(countries.at(-1)!.name).toBe('Zz Last Land');
    // The table shows it last once its list has been read again (the toast comes first).
    await page.getByRole('row').last().filter({ hasText: 'Zz Last Land' }).waitFor();
    // Leave the demo content as it was for the other files.
    await page.getByRole('button', { name: 'Delete Zz Last Land' }).click();
    await page.getByText('Country deleted successfully').waitFor();
    await context.close();
  });
});

describe('tables', () => {
  it.each([768, 1024, 1440])('fit or visibly scroll at %i px, no column hidden under Actions', async (width) => {
    const { context, page } = await signIn(width);
    for (const screen of SCREENS) {
      await open(page, screen);
      const box = page.locator('table').locator('xpath=..');
      const fit = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/${screen}-${width}.png`, fullPage: true });
      if (width === 1440) expect({ screen, ...fit, fits: fit.scroll <= fit.client }).toMatchObject({ fits: true });
      if (fit.scroll <= fit.client) continue;
      // Wider than its box: says so, and scrolled to the end the last column stands clear of Actions.
      await expect(page.getByTestId('scroll-hint').textContent()).resolves.toMatch(/Scroll sideways/);
      expect(await page.getByTestId('scroll-hint').isVisible()).toBe(true);
      await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      const headers = page.locator('thead th');
      const count = await headers.count();
      const last = (await headers.nth(count - 2).boundingBox())!;
      const actions = (await headers.nth(count - 1).boundingBox())!;
      expect(last.x + last.width).toBeLessThanOrEqual(actions.x + 1);
    }
    await context.close();
  });

  it('show every thumbnail whole, on a tile a column cannot squeeze', async () => {
    const { context, page } = await signIn(1440);
    for (const screen of ['countries', 'brands', 'news']) {
      await open(page, screen);
      const images = await page.locator('tbody img').evaluateAll((imgs) =>
        imgs.map((img) => ({ fit: getComputedStyle(img).objectFit, width: img.getBoundingClientRect().width, height: img.getBoundingClientRect().height })),
      );
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) expect({ screen, ...image }).toMatchObject({ fit: 'contain' });
      for (const image of images) expect(image.width).toBeGreaterThanOrEqual(40);
    }
    await context.close();
  });
});

describe('a singleton screen', () => {
  it('leaves room under the heading of its collapsed History card', async () => {
    const { context, page } = await signIn(1440);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Landing Content', exact: true }).click();
    const heading = page.getByRole('heading', { name: 'History', level: 2 });
    await heading.waitFor();
    const gap = await heading.evaluate((h) => {
      const card = h.closest('.chakra-card__root') ?? h.parentElement!.parentElement!.parentElement!;
      return card.getBoundingClientRect().bottom - h.getBoundingClientRect().bottom;
    });
    expect(gap).toBeGreaterThanOrEqual(12);
    await context.close();
  });
});

describe('reordering by touch', () => {
  it('a long press on the handle, then a drag, moves the row and saves the order', async () => {
    const { context, page } = await signIn(390, { hasTouch: true, isMobile: true });
    await open(page, 'countries');
    const before = await publicList('countries');
    const second = before[1]!.name;
    const handleOf = async (name: string) => (await page.getByRole('button', { name: `Move ${name}`, exact: true }).boundingBox())!;
    const from = await handleOf(second);
    const to = await handleOf(before[0]!.name);
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    const x = from.x + from.width / 2;
    const startY = from.y + from.height / 2;
    const endY = to.y + to.height / 2 - 20;
    // A quick swipe over the handle moves nothing: only a long press picks a row up.
    await touch('touchStart', x, startY);
    for (let step = 1; step <= 5; step++) await touch('touchMove', x, startY + ((endY - startY) * step) / 5);
    await touch('touchEnd', x, endY);
    await page.waitForTimeout(500);
    expect((await publicList('countries')).map((c) => c.id)).toEqual(before.map((c) => c.id));
    await touch('touchStart', x, startY);
    await page.waitForTimeout(400); // held: longer than the 250 ms long press
    for (let step = 1; step <= 10; step++) {
      await touch('touchMove', x, startY + ((endY - startY) * step) / 10);
      await page.waitForTimeout(30);
    }
    await touch('touchEnd', x, endY);
    await page.getByText('Order saved').waitFor();
    const after = await publicList('countries');
    expect(after[0]!.name).toBe(second);
    expect(after.map((c) => c.id).sort()).toEqual(before.map((c) => c.id).sort());
    // Put the first one back on top, for the other files.
    await page.getByRole('button', { name: `Reorder ${before[0]!.name}` }).click();
    await page.getByRole('menuitem', { name: 'Move to top' }).click();
    const restored = async () => JSON.stringify((await publicList('countries')).map((c) => c.id)) === JSON.stringify(before.map((c) => c.id));
    for (let tries = 0; tries < 50 && !(await restored()); tries++) await page.waitForTimeout(100);
    expect((await publicList('countries')).map((c) => c.id)).toEqual(before.map((c) => c.id));
    await context.close();
  });
});
