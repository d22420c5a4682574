import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './harness/axe.js';
import { launchBrowser, watchConsole } from './harness/browser.js';
import { startOwnServer, type OwnServer } from './harness/own-server.js';

// The admin News screen with a few hundred articles, on a built server of this file's
// own (the shared one keeps the demo content): the list comes a page at a time, search is the
// server's, selected rows are deleted in one request and come back with Undo, and a row moves to
// a typed position in one request.

const ADDED = 300;
/** Every 25th added article has this word in its title: 12 of them. */
const WORD = 'Harbour';

let server: OwnServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let cookie: string;
let total: number;

const api = async <T>(path: string): Promise<{ body: T; count: number }> => {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie } });
  return { body: (await response.json()) as T, count: Number(response.headers.get('x-total-count')) };
};
/** The public order's titles from `from` (0-based), `limit` of them. */
const publicTitles = async (from: number, limit: number) =>
  (await api<{ title: string }[]>(`/api/news?limit=${limit}&offset=${from}`)).body.map((n) => n.title);

beforeAll(async () => {
  [server, browser] = await Promise.all([startOwnServer('admin-scale'), launchBrowser()]);
  cookie = await server.login();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 23, g: 54, b: 94 } } }).png().toBuffer())], { type: 'image/png' }), 'picture.png');
  const uploaded = await fetch(`${server.baseUrl}/api/upload-image`, { method: 'POST', headers: { cookie, origin: server.baseUrl }, body: form });
  if (uploaded.status !== 201) throw new Error(`uploading a picture: ${uploaded.status} ${await uploaded.text()}`);
  const { url: pictureUrl } = (await uploaded.json()) as { url: string };
  const add = async (n: number) => {
    const title = `Scale article ${String(n).padStart(3, '0')}${n % 25 === 0 ? ` ${WORD}` : ''}`;
    const created = await fetch(`${server.baseUrl}/api/admin/news`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: server.baseUrl },
      body: JSON.stringify({ title, brief: `The brief of article ${n}.`, pictureUrl }),
    });
    if (created.status !== 201) throw new Error(`adding news: ${created.status} ${await created.text()}`);
  };
  // A few at a time, in order within each batch's start (the display order is the API's).
  for (let n = 1; n <= ADDED; n += 10) await Promise.all(Array.from({ length: 10 }, (_, i) => add(n + i)));
  total = (await api<unknown[]>('/api/news?limit=1')).count;

  // Signed in with the session the REST login gave (the login screen has tests of its own).
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.baseUrl }]);
  page = await context.newPage();
}, 240_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.dispose();
});

const number = (n: number) => n.toLocaleString('en-US');
const bodyRows = () => page.locator('tbody tr');
const rowWith = (text: string) => page.getByRole('row').filter({ hasText: text });
/** Opening animations finished (axe measures contrast as drawn; a dialog fading in is pale). */
const settled = () => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

describe('the admin News screen with a few hundred articles', () => {
  it('shows 50 rows and a pager, and the page survives a reload', async () => {
    expect(total).toBeGreaterThanOrEqual(ADDED);
    const watched = watchConsole(page);
    await page.goto(`${server.baseUrl}/admin/news`);
    await page.getByText(`1–50 of ${number(total)}`).waitFor();
    expect(await bodyRows().count()).toBe(50);
    const first = await publicTitles(0, 50);
    await rowWith(first[0]!).first().waitFor();

    await page.getByRole('navigation', { name: 'News pages' }).getByRole('button', { name: 'Next' }).click();
    await page.getByText(`51–100 of ${number(total)}`).waitFor();
    const second = await publicTitles(50, 50);
    await rowWith(second[0]!).first().waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.reload();
    await page.getByText(`51–100 of ${number(total)}`).waitFor();
    await rowWith(second[49]!).first().waitFor();
    await page.goBack();
    await page.getByText(`1–50 of ${number(total)}`).waitFor();
    expect(watched.problems).toEqual([]);
  });

  it('searches on the server and says how many of all match', async () => {
    await page.goto(`${server.baseUrl}/admin/news`);
    await page.getByText(`1–50 of ${number(total)}`).waitFor();
    const answers: string[] = [];
    page.on('request', (request) => {
      const body = request.postData();
      if (body?.includes('AdminNewsList')) answers.push(JSON.stringify((JSON.parse(body) as { variables: unknown }).variables));
    });
    await page.getByRole('searchbox', { name: 'Search news' }).pressSequentially(WORD.toLowerCase(), { delay: 20 });
    await page.getByText(`12 of ${number(total)} shown`).waitFor();
    expect(await bodyRows().count()).toBe(12);
    for (const title of await bodyRows().locator('td[data-label="Title"]').allInnerTexts()) expect(title).toContain(WORD);
    // Typing sent one search, not one per key.
    expect(answers.filter((v) => v.includes('"search"'))).toEqual([JSON.stringify({ limit: 50, offset: 0, search: WORD.toLowerCase() })]);
    expect(new URL(page.url()).searchParams.get('q')).toBe(WORD.toLowerCase());
    await page.getByRole('searchbox', { name: 'Search news' }).fill('no such words anywhere');
    await page.getByText('Nothing matches “no such words anywhere”.').waitFor();
  });

  it('deletes selected rows in one request after a confirmation, and Undo brings them back', async () => {
    await page.goto(`${server.baseUrl}/admin/news?page=2`);
    await page.getByText(`51–100 of ${number(total)}`).waitFor();
    const chosen = (await publicTitles(50, 3)).slice(0, 3);
    for (const title of chosen) {
      // A click on the drawn box (the input itself is visually hidden, as in every Chakra checkbox).
      const box = page.getByRole('checkbox', { name: `Select ${title}`, exact: true });
      await box.locator('xpath=..').click();
      expect(await box.isChecked()).toBe(true);
    }
    const bar = page.getByRole('toolbar', { name: 'Selected rows' });
    await bar.getByText('3 news articles selected').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await bar.getByRole('button', { name: 'Delete selected' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 3 news articles?' });
    await confirm.waitFor();
    await settled();
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('3 news articles deleted successfully').waitFor();
    await page.getByText(`51–100 of ${number(total - 3)}`).waitFor();
    expect((await api<unknown[]>('/api/news?limit=1')).count).toBe(total - 3);
    for (const title of chosen) expect(await rowWith(title).count()).toBe(0);

    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('3 news articles restored').waitFor();
    await page.getByText(`51–100 of ${number(total)}`).waitFor();
    expect((await api<unknown[]>('/api/news?limit=1')).count).toBe(total);
    // Back in their places.
    expect(await publicTitles(50, 3)).toEqual(chosen);
  });

  it('moves a row to a typed position in one request; the public order follows', async () => {
    await page.goto(`${server.baseUrl}/admin/news?page=3`);
    await page.getByText(`101–150 of ${number(total)}`).waitFor();
    const [title] = await publicTitles(120, 1);
    const places: string[] = [];
    page.on('request', (request) => {
      const body = request.postData();
      if (body?.includes('AdminPlaceNews')) places.push(body);
    });
    await page.getByRole('button', { name: `Reorder ${title}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Move to position…' }).click();
    const dialog = page.getByRole('dialog', { name: `Move “${title}”` });
    const position = dialog.getByRole('spinbutton', { name: /New position/ });
    expect(await position.inputValue()).toBe('121');
    // Focus goes into the field once the dialog has opened (not left on the dialog or the menu's trigger).
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'position');
    await position.fill(String(total + 1));
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await dialog.getByText(`Position must be a whole number from 1 to ${number(total)}`).waitFor();
    await settled();
    expect(await axeViolations(page)).toEqual([]);
    await position.fill('5');
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByText('News article moved to position 5').waitFor();
    expect(places).toHaveLength(1);
    expect((await publicTitles(4, 1))[0]).toBe(title);
    await page.getByRole('navigation', { name: 'News pages' }).getByRole('button', { name: 'Previous' }).click();
    await page.getByText(`51–100 of ${number(total)}`).waitFor();
    await page.getByRole('navigation', { name: 'News pages' }).getByRole('button', { name: 'Previous' }).click();
    await page.getByText(`1–50 of ${number(total)}`).waitFor();
    // The range names the page asked for at once; the previous page's rows stay until its rows come.
    await bodyRows().nth(4).locator('td[data-label="Title"]', { hasText: title }).waitFor();
    expect((await bodyRows().nth(4).locator('td[data-label="Title"]').innerText()).trim()).toBe(title);
  });
});
