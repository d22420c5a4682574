import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations as runAxe } from './harness/axe.js';
import { adminCredentials, baseUrl, launchBrowser } from './harness/browser.js';
import { withDatabase } from './harness/database.js';

// In Chromium against the built server: work is never lost (discard question, drafts kept
// across an ended session), accounts (admins added, signed in, removed; password changes end other
// sessions) and axe-core on every admin screen and dialog at phone and desktop widths.

const SHOTS = process.env.ADMIN_SHOTS_DIR; // set to save screenshots of every screen and dialog

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(width = 1440, username = adminCredentials().username, password = adminCredentials().password) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/admin/login`);
  await logIn(page, username, password);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  return { context, page };
}

async function logIn(page: Page, username = adminCredentials().username, password = adminCredentials().password) {
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

const navLink = (page: Page, label: string) => page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: label, exact: true });

async function go(page: Page, label: string, heading = label) {
  if (page.viewportSize()!.width < 768) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await navLink(page, label).click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

async function sessionId(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'sid');
  const signed = decodeURIComponent(cookie!.value); // s:<sid>.<signature>
  return signed.slice(2, signed.lastIndexOf('.'));
}

/** True while the page's session still opens admin data. */
async function stillSignedIn(page: Page): Promise<boolean> {
  return page.evaluate(async () => ((await (await fetch('/api/auth/check')).json()) as { authenticated: boolean }).authenticated);
}

describe('work is never lost', () => {
  it('a dirty dialog asks before closing (Escape, Cancel)', async () => {
    const { context, page } = await signIn();
    await go(page, 'Countries');
    await page.getByRole('button', { name: /^Edit / }).first().click();
    const name = page.getByRole('dialog').getByRole('textbox', { name: /Name/ });
    await name.fill('Changed but not saved');
    await page.keyboard.press('Escape');
    const question = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await name.inputValue()).toBe('Changed but not saved');

    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await page.getByText('Changed but not saved').count()).toBe(0);
    await context.close();
  });

  it('keeps what was typed when the session ends and offers it back after signing in again', async () => {
    const { context, page } = await signIn();
    await go(page, 'Landing Content');
    const tagline = page.getByRole('textbox', { name: /Hero Tagline/ });
    const before = await tagline.inputValue();
    await tagline.fill('Typed while the session ended');
    const sid = await sessionId(context);
    const removed = await withDatabase((db) => db.query('DELETE FROM sessions WHERE sid = $1', [sid]));
    expect(removed.rowCount).toBe(1);

    await page.getByRole('button', { name: /Save Changes/ }).click();
    await logIn(page);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await go(page, 'Landing Content');
    await page.getByText('Unsaved changes were kept').waitFor();
    expect(await tagline.inputValue()).toBe(before);
    await page.getByRole('button', { name: 'Restore changes' }).click();
    expect(await tagline.inputValue()).toBe('Typed while the session ended');
    await context.close();
  });
});

describe('the shell', () => {
  it('keeps Logout on screen at 320 px, has a skip link and names each screen in the title', async () => {
    const { context, page } = await signIn(320);
    const logout = page.getByRole('button', { name: /Logout/ });
    const box = (await logout.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-320.png` });
    expect(await page.title()).toBe('Dashboard · Admin Panel');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('admin-main');
    await context.close();
  });
});

describe('accounts', () => {
  it('an admin is added, signs in with the generated password, is removed and is thrown out', async () => {
    const lead = await signIn();
    await go(lead.page, 'Admins');
    await lead.page.getByRole('button', { name: /Add Admin/ }).click();
    await lead.page.getByRole('dialog').getByRole('textbox', { name: /Username/ }).fill('e2e.editor');
    // New accounts are Editors unless chosen; this one is an Admin (it opens the Admins screen below).
    await lead.page.getByRole('dialog').getByRole('combobox', { name: 'Role' }).selectOption('admin');
    await lead.page.getByRole('dialog').getByRole('button', { name: 'Add Admin' }).click();
    const password = (await lead.page.getByTestId('generated-password').textContent())!.trim();
    expect(password.length).toBeGreaterThanOrEqual(8);
    await lead.page.getByRole('button', { name: 'Done' }).click();

    const editor = await signIn(1440, 'e2e.editor', password);
    expect(await stillSignedIn(editor.page)).toBe(true);
    await lead.page.reload();
    await lead.page.getByRole('row').filter({ hasText: 'e2e.editor' }).waitFor();
    expect(await lead.page.getByRole('row').filter({ hasText: 'e2e.editor' }).getByText('Never').count()).toBe(0);

    await lead.page.getByRole('button', { name: 'Remove e2e.editor' }).click();
    await lead.page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await lead.page.getByText('e2e.editor was removed and signed out').waitFor();

    // The removed admin's next step in the panel ends on the login screen.
    await navLink(editor.page, 'Admins').click();
    await editor.page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await stillSignedIn(editor.page)).toBe(false);
    await editor.context.close();
    await lead.context.close();
  });

  it("changing your password ends another browser's session, not this one", async () => {
    const here = await signIn();
    const elsewhere = await signIn();
    const { password } = adminCredentials();
    const temporary = `${password}-changed`;
    try {
      await go(here.page, 'Account');
      await here.page.getByLabel(/Current password/).fill(password);
      await here.page.getByLabel(/^New password/).fill(temporary);
      await here.page.getByLabel(/Confirm new password/).fill(temporary);
      await here.page.getByRole('button', { name: /Change password/ }).click();
      await here.page.getByText('Your other sessions have been signed out.').waitFor();
      expect(await stillSignedIn(here.page)).toBe(true);
      expect(await stillSignedIn(elsewhere.page)).toBe(false);
    } finally {
      // Back to the shared password for the other test files (same rules, over REST).
      const reply = await here.page.evaluate(
        async ([current, next]) =>
          (await fetch('/api/admin/account/password', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ currentPassword: current, newPassword: next }),
          })).status,
        [temporary, password],
      );
      expect(reply).toBe(200);
      await here.context.close();
      await elsewhere.context.close();
    }
  });
});

async function axeViolations(page: Page, name: string): Promise<string[]> {
  // Judge the settled page, not a dialog or notification half-way through its fade-in.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 5000 },
  );
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  return (await runAxe(page)).map((v) => `${name}: ${v.id} ${JSON.stringify(v.nodes.slice(0, 3))}`);
}

describe('axe-core', () => {
  for (const width of [390, 768, 1440]) {
    it(`finds no violations on any admin screen or dialog at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const found: string[] = [];
      await page.goto(`${baseUrl()}/admin/login`);
      await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
      found.push(...(await axeViolations(page, `login-${width}`)));
      await logIn(page);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      found.push(...(await axeViolations(page, `dashboard-${width}`)));
      for (const label of ['Landing Content', 'Statistics', 'Account']) {
        await go(page, label);
        found.push(...(await axeViolations(page, `${label}-${width}`)));
      }
      // A singleton's history, opened.
      await go(page, 'Statistics');
      await page.getByRole('button', { name: 'Show changes' }).click();
      await page.getByRole('list', { name: 'Changes, newest first' }).waitFor();
      found.push(...(await axeViolations(page, `statistics-history-${width}`)));
      for (const [label, singular] of [
        ['Countries', 'Country'],
        ['Brands', 'Brand'],
        ['Team Members', 'Team Member'],
        ['News', 'News'],
        ['Clients', 'Client'],
        ['Contact Info', 'Contact'],
      ]) {
        await go(page, label);
        await page.getByRole('button', { name: /^Edit / }).first().waitFor();
        found.push(...(await axeViolations(page, `${label}-${width}`)));
        await page.getByRole('button', { name: new RegExp(`^Add ${singular}`) }).click();
        await page.getByRole('dialog').waitFor();
        found.push(...(await axeViolations(page, `${label}-add-${width}`)));
        await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
        await page.getByRole('button', { name: /^Edit / }).first().click();
        await page.getByRole('dialog').waitFor();
        found.push(...(await axeViolations(page, `${label}-edit-${width}`)));
        if (label === 'Team Members') {
          await page.getByRole('dialog').getByRole('tab', { name: 'History' }).click();
          await page.getByRole('dialog').getByRole('list', { name: 'Changes, newest first' }).waitFor();
          found.push(...(await axeViolations(page, `${label}-history-${width}`)));
          // The form's Cancel is on the Details tab.
          await page.getByRole('dialog').getByRole('tab', { name: 'Details' }).click();
        }
        if (label === 'Countries') {
          await page.getByRole('dialog').getByRole('textbox', { name: /Name/ }).fill('x');
          await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
          await page.getByRole('alertdialog').waitFor();
          found.push(...(await axeViolations(page, `discard-question-${width}`)));
          await page.getByRole('button', { name: 'Discard changes' }).click();
        } else {
          await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
        }
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
      }
      await go(page, 'Admins');
      found.push(...(await axeViolations(page, `admins-${width}`)));
      await page.getByRole('button', { name: /Add Admin/ }).click();
      await page.getByRole('dialog').waitFor();
      found.push(...(await axeViolations(page, `admins-add-${width}`)));
      // The rest of an admin's dialogs, on a throwaway account: its generated password, the reset
      // and remove questions; then it is removed again.
      const other = `axe-${width}`;
      await page.getByRole('dialog').getByRole('textbox', { name: /Username/ }).fill(other);
      await page.getByRole('dialog').getByRole('button', { name: 'Add Admin' }).click();
      await page.getByRole('dialog').getByText(`${other} was added`).waitFor();
      found.push(...(await axeViolations(page, `admins-password-${width}`)));
      await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: `Reset password of ${other}` }).click();
      await page.getByRole('dialog').getByText(`Reset the password of ${other}?`).waitFor();
      found.push(...(await axeViolations(page, `admins-reset-${width}`)));
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: `Remove ${other}` }).click();
      await page.getByRole('dialog').getByText(`Remove ${other}?`).waitFor();
      found.push(...(await axeViolations(page, `admins-remove-${width}`)));
      await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('button', { name: `Remove ${other}` }).waitFor({ state: 'detached' });
      await go(page, 'Webhooks');
      found.push(...(await axeViolations(page, `webhooks-${width}`)));
      await page.getByRole('button', { name: /Add Webhook/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      found.push(...(await axeViolations(page, `webhooks-add-${width}`)));
      // A paused receiver (no deliveries to other tests' changes), to see the list, its log, and remove it.
      const url = `https://93.184.215.14/hooks/consulting-${width}`; // a public address literal: no DNS here
      await dialog.getByRole('textbox', { name: /URL/ }).fill(url);
      await dialog.getByText('Active', { exact: true }).click();
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: `Delivery log of ${url}` }).click();
      await page.getByRole('region', { name: 'Delivery log' }).getByText('No deliveries yet', { exact: false }).waitFor();
      found.push(...(await axeViolations(page, `webhooks-list-${width}`)));
      await page.getByRole('button', { name: `Delete ${url}` }).click();
      await page.getByRole('button', { name: `Delete ${url}` }).waitFor({ state: 'detached' });
      expect(found).toEqual([]);
      await context.close();
    }, 240_000);
  }
});
