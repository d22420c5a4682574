import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { axeViolations } from './harness/axe.js';
import { launchBrowser } from './harness/browser.js';
import { startTwoInstances, within, type Instance, type TwoInstances } from './harness/two-instances.js';

// Nothing goes live by accident, in Chromium on two built servers (one database, one bucket):
// a Contributor drafts a news article with a picture and submits it; neither instance's public
// site shows it; a share link shows it to a browser without a session; an Editor (on the other
// instance, on another clock than the firm's) schedules it for the next minute and it appears on
// both instances with nobody acting; the Editor cannot open Accounts or Webhooks; the Admin's
// activity log names every step, the scheduler's publication included.

const ADMIN = { username: 'admin', password: 'editorial-e2e-password' };
const DATABASE = 'editorial_e2e';
/** The firm's time zone (the form's times are on it; the Editor's browser is on another). */
const FIRM_ZONE = 'Asia/Kuwait';
const EDITOR_BROWSER_ZONE = 'America/New_York';
/** Screenshots to look at (outside the repository). */
const SHOTS = process.env.EDITORIAL_SHOTS_DIR ?? '/tmp/shots-23';
/** How long after its time the scheduled publication may take to be on both instances. */
const PUBLISHED_WITHIN_MS = 15_000;

const TITLE = process.env.EDITORIAL_E2E_TITLE ?? `Launch of the Gulf office ${Date.now()}`;
const BRIEF = 'Our new office opens in Kuwait City next month.';
const BRIEF_EDITED = 'Our new office opens in Kuwait City next month, with a team of twelve.';

let started: TwoInstances | undefined;
let a: Instance;
let b: Instance;
let browser: Browser;
let adminCookie = '';
const accounts = { editor: { username: 'erin.editor', password: '' }, contributor: { username: 'carl.contributor', password: '' } };
/** What the steps learn and later steps use. */
const state = { recordId: 0, pictureUrl: '', shareUrl: '', runAt: 0 };
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  started = await startTwoInstances(DATABASE, ADMIN, { SCHEDULER_POLL_MS: '250', TIME_ZONE: FIRM_ZONE });
  [a, b] = started.instances;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  if (problems.length > 0) process.stdout.write(`page errors seen:\n${problems.join('\n')}\n`);
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await started?.stop();
}, 60_000);

// --- helpers -------------------------------------------------------------------------------

/** Sign-ins made per username (each is an activity entry). */
const signIns = new Map<string, number>();
const countSignIn = (username: string) => signIns.set(username, (signIns.get(username) ?? 0) + 1);

async function restLogin(instance: Instance, username: string, password: string): Promise<string> {
  const response = await fetch(`${instance.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(response.status).toBe(200);
  countSignIn(username);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** Console errors and uncaught errors of every page opened, for a failing step's message. */
const problems: string[] = [];

async function newPage(width = 1440, timezoneId?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...(timezoneId && { timezoneId }) });
  contexts.push(context);
  const page = await context.newPage();
  const name = `page ${contexts.length}`;
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${name} console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${name} pageerror: ${error.message}`));
  return page;
}

/**
 * A step of the scenario: when it fails, every open page is saved as a picture
 * (SHOTS/failed-<step>-<n>.png) and the pages' errors and addresses are added to the message.
 */
function step(name: string, work: () => Promise<void>, timeout: number): void {
  it(
    name,
    async () => {
      try {
        await work();
      } catch (error) {
        const pages = contexts.flatMap((context) => context.pages());
        const where = await Promise.all(
          pages.map(async (page, i) => {
            await page.screenshot({ path: `${SHOTS}/failed-${name.split('.')[0]}-${i + 1}.png` }).catch(() => undefined);
            return `page ${i + 1}: ${page.url()}`;
          }),
        );
        if (!(error instanceof Error)) throw error;
        const failure = new Error(`${error.message}\n\n${where.join('\n')}\n${problems.join('\n') || '(no page errors)'}`);
        failure.stack = [failure.message, ...(error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))].join('\n');
        throw failure;
      }
    },
    timeout,
  );
}

async function signIn(instance: Instance, username: string, password: string, timezoneId?: string): Promise<Page> {
  const page = await newPage(1440, timezoneId);
  await page.goto(`${instance.baseUrl}/admin/login`);
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  countSignIn(username);
  return page;
}

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
const navLink = (page: Page, label: string) => navigation(page).getByRole('link', { name: label, exact: true });
const toast = (page: Page, text: string | RegExp) => page.getByText(text, typeof text === 'string' ? { exact: true } : undefined).first().waitFor();
const recordDialog = (page: Page) => page.getByRole('dialog', { name: 'Edit News' });
const notOnSite = (page: Page) => page.getByRole('region', { name: /^Not on the site/ });

/** Waits until no animation is running (a dialog's fade-in), so a scan or a picture sees the settled screen. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
}

/** axe-core on the settled page: its violations as lines (none expected). */
async function scan(page: Page, name: string): Promise<string[]> {
  await settled(page);
  return (await axeViolations(page)).map((v) => `${name}: ${v.id} (${v.impact}) ${v.help} ${JSON.stringify(v.nodes.slice(0, 3))}`);
}

/** Toasts pass in seconds: a picture shows the screen without them (clicking one away would close a dialog). */
const WITHOUT_TOASTS = '[data-scope="toast"] { visibility: hidden !important; }';

/** Screenshots of the page as it is at 390 and 1440 px wide (the viewport is put back). */
async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  const before = page.viewportSize()!;
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage, style: WITHOUT_TOASTS });
  }
  await page.setViewportSize(before);
  await settled(page);
}

/**
 * Where a dialog's title runs into its close button (×) at phone width, the lines that do (none
 * expected): a long item name must wrap before the button, not under it.
 */
async function titleUnderClose(page: Page, dialog: Locator): Promise<string[]> {
  const before = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  const hits = await dialog.evaluate((root) => {
    const title = root.querySelector('[data-part="title"]');
    const close = root.querySelector('[data-part="close-trigger"]')?.getBoundingClientRect();
    if (!title || !close) return ['no title or no close button'];
    const range = document.createRange();
    range.selectNodeContents(title);
    return [...range.getClientRects()]
      .filter((line) => line.right > close.left && line.left < close.right && line.bottom > close.top && line.top < close.bottom)
      .map((line) => `${title.textContent} (a line ends at x=${Math.round(line.right)}, the close button starts at x=${Math.round(close.left)})`);
  });
  await page.setViewportSize(before);
  await settled(page);
  return hits;
}

/** Whether the instance's public News page and public REST list show `title`. */
async function publicShows(instance: Instance, title: string): Promise<{ page: boolean; rest: boolean }> {
  const page = await (await fetch(`${instance.baseUrl}/news`)).text();
  const list = (await (await fetch(`${instance.baseUrl}/api/news`)).json()) as { title: string }[];
  return { page: page.includes(title), rest: list.some((item) => item.title === title) };
}

/** The firm's wall clock at `instant`: '2026-11-24' and '20:31'. */
function firmClock(instant: number): { date: string; time: string } {
  const part = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: FIRM_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
}

/** The field's value once it is `expected` (a form fills in a moment after it opens), or as it is after 10 s. */
async function valueOf(field: Locator, expected: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  let value = await field.inputValue();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await field.inputValue();
  }
  return value;
}

/** Opens the article from the News screen's "Not on the site" section. */
async function openFromNotOnSite(page: Page): Promise<Locator> {
  await notOnSite(page).getByRole('button', { name: TITLE }).click();
  const dialog = recordDialog(page);
  await dialog.waitFor();
  await dialog.getByRole('textbox', { name: /^Title/ }).waitFor();
  return dialog;
}

// --- the scenario ------------------------------------------------------------------------

describe('editorial workflow: from a contributor’s draft to a scheduled publication on every instance', () => {
  let contributor: Page;
  let editor: Page;

  step('1. the admin adds an Editor and a Contributor over REST', async () => {
    adminCookie = await restLogin(a, ADMIN.username, ADMIN.password);
    for (const [role, account] of Object.entries(accounts)) {
      const response = await fetch(`${a.baseUrl}/api/admin/admins`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: adminCookie, origin: a.baseUrl },
        body: JSON.stringify({ username: account.username, role }),
      });
      expect(response.status).toBe(201);
      const body = (await response.json()) as { user: { username: string; role: string }; password: string };
      expect(body.user).toMatchObject({ username: account.username, role });
      account.password = body.password;
    }
  }, 30_000);

  step('2. the Contributor drafts a news article with a picture, changes it and submits it for review', async () => {
    contributor = await signIn(a, accounts.contributor.username, accounts.contributor.password);
    // A contributor is offered no Accounts, Webhooks or Activity.
    await navLink(contributor, 'News').waitFor();
    for (const hidden of ['Admins', 'Webhooks', 'Activity']) expect(await navLink(contributor, hidden).count()).toBe(0);
    await shoot(contributor, 'dashboard-contributor', true);
    await navLink(contributor, 'News').click();
    await contributor.getByRole('heading', { name: 'News', level: 1 }).waitFor();
    await contributor.getByRole('button', { name: /^Add News/ }).click();
    const add = contributor.getByRole('dialog', { name: 'Add News' });
    await add.waitFor();
    // Only draft actions: no Save (publishes) and no Publish for a contributor.
    expect(await add.getByRole('button', { name: 'Save draft' }).count()).toBe(1);
    expect(await add.getByRole('button', { name: 'Submit for review' }).count()).toBe(1);
    expect(await add.getByRole('button', { name: /^(Save|Publish)$/ }).count()).toBe(0);

    await add.getByRole('textbox', { name: /^Title/ }).fill(TITLE);
    await add.getByRole('textbox', { name: /Brief/ }).fill(BRIEF);
    const png = await sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 30, g: 90, b: 160 } } }).png().toBuffer();
    await add.getByLabel('Picture file').setInputFiles({ name: 'office.png', mimeType: 'image/png', buffer: png });
    const uploaded = add.getByText(/Image uploaded: \/uploads\//);
    await uploaded.waitFor();
    state.pictureUrl = (await uploaded.innerText()).replace('Image uploaded:', '').trim();
    expect(state.pictureUrl).toMatch(/^\/uploads\/[^/]+\.png$/);
    await add.getByRole('button', { name: 'Save draft' }).click();
    await toast(contributor, /^Draft saved\./);
    await add.waitFor({ state: 'detached' });

    // It is listed as not on the site, never published; its id is fixed from the first save.
    const listed = notOnSite(contributor).getByRole('listitem').filter({ hasText: TITLE });
    await listed.getByText('Never published').waitFor();
    const { rows } = await started!.db.query<{ record_id: number; version: number; live: boolean }>(
      `select record_id, version, live from content_draft where collection = 'news' and values->>'title' = $1`,
      [TITLE],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ version: 1, live: false });
    state.recordId = rows[0]!.record_id;

    // A second draft save: the form opens on the draft and keeps the picture.
    let dialog = await openFromNotOnSite(contributor);
    expect(await valueOf(dialog.getByRole('textbox', { name: /^Title/ }), TITLE)).toBe(TITLE);
    expect(await dialog.getByTestId('draft-note').innerText()).toContain(`draft saved by ${accounts.contributor.username}`);
    await dialog.getByRole('textbox', { name: /Brief/ }).fill(BRIEF_EDITED);
    await dialog.getByRole('button', { name: 'Save draft' }).click();
    await toast(contributor, /^Draft saved\./);
    await dialog.waitFor({ state: 'detached' });

    dialog = await openFromNotOnSite(contributor);
    expect(await valueOf(dialog.getByRole('textbox', { name: /Brief/ }), BRIEF_EDITED)).toBe(BRIEF_EDITED);
    expect(await dialog.getByRole('button', { name: /^(Save|Publish|Unpublish)$|^Schedule/ }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Submit for review' }).click();
    await toast(contributor, 'Submitted for review');
    await dialog.waitFor({ state: 'detached' });
    await notOnSite(contributor).getByRole('listitem').filter({ hasText: TITLE }).getByText('In review').waitFor();
    await shoot(contributor, 'news-not-on-site');

    // The dialog with the draft actions, looked at and scanned.
    dialog = await openFromNotOnSite(contributor);
    await dialog.getByTestId('draft-note').getByText(/Submitted for review by carl\.contributor/).waitFor();
    for (const name of ['Preview', 'Share preview', 'Submit for review', 'Save draft', 'Discard draft']) {
      await dialog.getByRole(name === 'Preview' ? 'link' : 'button', { name: new RegExp(`^${name}`) }).first().waitFor();
    }
    const found = await scan(contributor, 'record dialog with draft actions at 1440 px');
    await shoot(contributor, 'a-record-dialog-draft-actions');
    await contributor.setViewportSize({ width: 390, height: 844 });
    found.push(...(await scan(contributor, 'record dialog with draft actions at 390 px')));
    await contributor.setViewportSize({ width: 1440, height: 900 });
    expect(found).toEqual([]);
  }, 120_000);

  step('3. neither instance’s public site shows the draft', async () => {
    for (const instance of [a, b]) expect(await publicShows(instance, TITLE)).toEqual({ page: false, rest: false });
    expect((await fetch(`${b.baseUrl}/api/news/${state.recordId}`)).status).toBe(404);
  }, 30_000);

  step('4. a share link shows the draft to a browser without a session: banner, noindex, no-store', async () => {
    const dialog = recordDialog(contributor);
    await dialog.getByRole('button', { name: 'Share preview' }).click();
    const share = contributor.getByRole('dialog', { name: /^Share a preview of/ });
    await share.waitFor();
    await share.getByRole('button', { name: 'Create link' }).click();
    const field = share.getByRole('textbox', { name: 'New preview link' });
    await field.waitFor();
    state.shareUrl = await field.inputValue();
    await share.getByRole('list', { name: 'Preview links' }).getByText('Active').waitFor(); // the item's links, this one listed
    const found = await scan(contributor, 'share dialog with its new link');
    found.push(...(await titleUnderClose(contributor, share)));
    expect(state.shareUrl).toMatch(new RegExp(`^${a.baseUrl}/preview/shared/[^/?#]{40,}$`));
    await shoot(contributor, 'share-dialog');
    await share.getByRole('button', { name: 'Done' }).click();
    await share.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    const reviewer = await newPage(1440);
    expect(await reviewer.context().cookies()).toEqual([]);
    const response = (await reviewer.goto(state.shareUrl))!;
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers['cache-control']).toBe('private, no-store');
    expect(headers['x-robots-tag']).toBe('noindex');
    expect(await reviewer.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    const banner = reviewer.getByRole('complementary', { name: 'Preview' });
    await banner.waitFor();
    expect(await banner.innerText()).toContain('not published yet');
    expect(await banner.innerText()).toContain(TITLE);
    // The article itself is on the page (the News list where it will appear), with its picture.
    await reviewer.getByRole('main').getByText(TITLE, { exact: true }).first().waitFor();
    expect(await reviewer.locator(`main img[src*="${state.pictureUrl.replace(/\.png$/, '')}"]`).count()).toBeGreaterThan(0);
    await shoot(reviewer, 'b-preview-banner');

    // The link opens on the other instance too; the public pages are still without it.
    const onB = await fetch(state.shareUrl.replace(a.baseUrl, b.baseUrl));
    expect(onB.status).toBe(200);
    expect(onB.headers.get('cache-control')).toBe('private, no-store');
    expect(await onB.text()).toContain(TITLE);
    for (const instance of [a, b]) expect(await publicShows(instance, TITLE)).toEqual({ page: false, rest: false });
    expect(found).toEqual([]);
  }, 90_000);

  step('5. an Editor on the other instance finds it waiting for review and schedules it; it goes live on both with nobody acting', async () => {
    editor = await signIn(b, accounts.editor.username, accounts.editor.password, EDITOR_BROWSER_ZONE);
    const waiting = editor.getByRole('region', { name: 'Waiting for review' });
    const link = waiting.getByRole('link', { name: TITLE });
    await link.waitFor();
    await editor.getByRole('region', { name: 'Coming up' }).getByText(/^Nothing scheduled\./).waitFor();
    await shoot(editor, 'dashboard-editor', true);
    expect(await waiting.getByRole('listitem').filter({ hasText: TITLE }).innerText()).toContain(`by ${accounts.contributor.username}`);
    const opensDialog = (await link.getAttribute('href'))!.includes(`open=${state.recordId}`);
    await link.click();
    // The link opens the News screen with the article's dialog (a modal: the screen behind it leaves
    // the accessibility tree); a link without the id, the screen, where it is listed as not on the site.
    const dialog = recordDialog(editor);
    if (opensDialog) await dialog.waitFor();
    else await openFromNotOnSite(editor);
    expect(new URL(editor.url()).pathname).toBe('/admin/news');
    expect(await valueOf(dialog.getByRole('textbox', { name: /^Title/ }), TITLE)).toBe(TITLE);
    expect(await valueOf(dialog.getByRole('textbox', { name: /Brief/ }), BRIEF_EDITED)).toBe(BRIEF_EDITED);

    // An Editor's draft actions: Save draft and Publish, Schedule…, Preview, Share preview, Discard draft.
    for (const [role, name] of [['button', 'Save draft'], ['button', 'Publish'], ['button', 'Schedule…'], ['link', /^Preview/], ['button', 'Share preview'], ['button', 'Discard draft']] as const) {
      await dialog.getByRole(role, { name, exact: typeof name === 'string' }).waitFor();
    }
    await shoot(editor, 'a-record-dialog-editor');
    await dialog.getByRole('button', { name: 'Schedule…' }).click();
    const schedule = editor.getByRole('dialog', { name: /^Schedule/ });
    await schedule.getByRole('button', { name: 'Schedule', exact: true }).waitFor();
    // Never published: publishing is what is offered.
    expect(await schedule.getByRole('combobox', { name: 'Action' }).inputValue()).toBe('publish');
    const found = await scan(editor, 'schedule dialog');
    found.push(...(await titleUnderClose(editor, schedule)));
    await shoot(editor, 'schedule-dialog');
    // The form takes minutes on the firm's clock: the first whole minute at least 25 s away.
    state.runAt = Math.ceil((Date.now() + 25_000) / 60_000) * 60_000;
    const at = firmClock(state.runAt);
    await schedule.locator('input[name="date"]').fill(at.date);
    await schedule.locator('input[name="time"]').fill(at.time);
    await schedule.getByRole('button', { name: 'Schedule', exact: true }).click();
    await toast(editor, /^Publish scheduled for /);
    await schedule.waitFor({ state: 'detached' });
    expect(Date.now()).toBeLessThan(state.runAt); // the job was made before its time
    const { rows: jobs } = await started!.db.query<{ state: string; run_at: Date; created_by_name: string }>(
      `select state, run_at, created_by_name from scheduled_jobs where kind = 'publish' and collection = 'news' and record_id = $1`,
      [state.recordId],
    );
    expect(jobs).toEqual([{ state: 'pending', run_at: new Date(state.runAt), created_by_name: accounts.editor.username }]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await notOnSite(editor).getByRole('listitem').filter({ hasText: TITLE }).getByText('Scheduled', { exact: true }).waitFor();

    // Nobody acts further. Until its time it stays off both sites...
    const early = await within(state.runAt - 1_500, async () => {
      const seen = await Promise.all([a, b].map((instance) => publicShows(instance, TITLE)));
      return seen.some((shown) => shown.page || shown.rest);
    }, 500);
    expect(early).toBe(false);
    // ...then it is on both, page and REST, without anyone acting.
    const shownOn = async (instance: Instance) => {
      const shown = await publicShows(instance, TITLE);
      return shown.page && shown.rest;
    };
    const deadline = state.runAt + PUBLISHED_WITHIN_MS;
    const onBoth = await within(deadline, async () => (await shownOn(a)) && (await shownOn(b)), 250);
    const seenAfterMs = Date.now() - state.runAt;
    expect({ onBoth, within: seenAfterMs <= PUBLISHED_WITHIN_MS }).toEqual({ onBoth: true, within: true });
    process.stdout.write(`scheduled publication on both instances ${seenAfterMs} ms after its time\n`);

    // As drafted: the edited brief, the uploaded picture (served by both instances); published once.
    const item = (await (await fetch(`${b.baseUrl}/api/news/${state.recordId}`)).json()) as { title: string; brief: string; pictureUrl: string };
    expect(item).toMatchObject({ title: TITLE, brief: BRIEF_EDITED, pictureUrl: state.pictureUrl });
    for (const instance of [a, b]) {
      const picture = await fetch(`${instance.baseUrl}${state.pictureUrl}`);
      expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/png']);
    }
    const { rows: done } = await started!.db.query<{ state: string; ran_at: Date | null }>(
      `select state, ran_at from scheduled_jobs where kind = 'publish' and collection = 'news' and record_id = $1`,
      [state.recordId],
    );
    expect(done.map((job) => job.state)).toEqual(['done']);
    const { rows: publications } = await started!.db.query<{ n: number }>(
      `select count(*)::int as n from content_history where collection = 'news' and record_id = $1 and action = 'publish'`,
      [state.recordId],
    );
    expect(publications[0]!.n).toBe(1);
    // The draft ended with the publication.
    expect((await started!.db.query(`select 1 from content_draft where collection = 'news' and record_id = $1`, [state.recordId])).rowCount).toBe(0);
    expect(found).toEqual([]);
  }, 180_000);

  step('6. the Editor cannot open Accounts or Webhooks', async () => {
    for (const hidden of ['Admins', 'Webhooks', 'Activity']) expect(await navLink(editor, hidden).count()).toBe(0);
    await navLink(editor, 'News').waitFor(); // the sidebar is there, with the content screens
    // Nor does the dashboard's list of screens offer them.
    await navLink(editor, 'Dashboard').click();
    const screens = editor.getByRole('list', { name: 'Content screens' });
    await screens.getByRole('link', { name: /^News/ }).waitFor();
    expect(await editor.getByRole('link', { name: /^(Admins|Webhooks|Activity)\b/ }).allInnerTexts()).toEqual([]);
    for (const screen of ['admins', 'webhooks']) {
      await editor.goto(`${b.baseUrl}/admin/${screen}`);
      await editor.getByRole('heading', { name: 'No access', level: 1 }).waitFor();
      await editor.getByText('You do not have access to this screen.').waitFor();
      expect(await editor.getByRole('table').count()).toBe(0);
    }
    // The server refuses them too.
    const cookie = await restLogin(b, accounts.editor.username, accounts.editor.password);
    for (const route of ['admins', 'webhooks']) expect((await fetch(`${b.baseUrl}/api/admin/${route}`, { headers: { cookie } })).status).toBe(403);
  }, 60_000);

  step('7. the Admin’s activity log shows each step, the scheduler’s publication included', async () => {
    const admin = await signIn(a, ADMIN.username, ADMIN.password);
    await navLink(admin, 'Activity').click();
    await admin.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    const table = admin.getByRole('table', { name: 'Activity' });
    const entry = (who: string, what: string) =>
      table
        .getByRole('row')
        .filter({ has: admin.getByRole('cell', { name: who, exact: true }) })
        .filter({ has: admin.getByRole('cell', { name: what, exact: true }) });
    const item = `News article “${TITLE}”`;
    const expected: [string, string, number][] = [
      [accounts.contributor.username, 'Signed in', signIns.get(accounts.contributor.username)!],
      [accounts.contributor.username, `Saved a draft of ${item}`, 2],
      [accounts.contributor.username, `Submitted ${item} for review`, 1],
      [accounts.editor.username, 'Signed in', signIns.get(accounts.editor.username)!], // in the browser on B, then over REST (step 6)
      [accounts.editor.username, `Scheduled publication of ${item} for ${siteTime(state.runAt)}`, 1],
      ['scheduler', `Published ${item}`, 1],
    ];
    await entry('scheduler', `Published ${item}`).waitFor();
    const counts = await Promise.all(expected.map(async ([who, what]) => entry(who, what).count()));
    expect(counts).toEqual(expected.map(([, , n]) => n));
    // Newest first: the scheduler's publication after the schedule, after the submission.
    const summaries = await table.getByRole('row').allInnerTexts();
    const index = (text: string) => summaries.findIndex((row) => row.includes(text));
    expect(index(`Published ${item}`)).toBeLessThan(index('Scheduled publication of'));
    expect(index('Scheduled publication of')).toBeLessThan(index(`Submitted ${item} for review`));

    // Who did it reads on one line at 1440 px (the longest name here: "carl.contributor").
    const who = entry(accounts.contributor.username, 'Signed in').getByRole('cell', { name: accounts.contributor.username, exact: true });
    const lines = await who.evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);

    const found = await scan(admin, 'activity log at 1440 px');
    await shoot(admin, 'c-activity-log', true);
    await admin.setViewportSize({ width: 390, height: 844 });
    found.push(...(await scan(admin, 'activity log at 390 px')));
    expect(found).toEqual([]);
  }, 90_000);
});

/** The firm's time of `instant` as the activity log names it: '24 Nov 2026, 20:31 Asia/Kuwait'. */
function siteTime(instant: number): string {
  const text = new Intl.DateTimeFormat('en-GB', { timeZone: FIRM_ZONE, year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
  return `${text} ${FIRM_ZONE}`;
}
