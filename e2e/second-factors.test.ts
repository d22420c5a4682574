import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './harness/axe.js';
import { launchBrowser } from './harness/browser.js';
import { OWN_ADMIN, startOwnServer, type OwnServer } from './harness/own-server.js';

// A stolen password is not enough, in Chromium on a built server of its own (addressed as
// localhost: WebAuthn needs a domain name). The admin sets up an authenticator app (the test
// computes its codes from the secret shown, at fixed instants), signs out and back in with password
// and code; a recovery code works once and never again; a passkey registered with Chromium's
// virtual authenticator signs in alone; a second browser's session shows in the list and is ended
// from the first; with the policy switched on, a new account is sent to enrol right after its
// password and can open nothing else until it has.

const SHOTS = process.env.SECOND_FACTOR_SHOTS_DIR ?? '/tmp/shots-26';
const PERIOD = 30;

let server: OwnServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const problems: string[] = [];
/** What the steps learn and later steps use. */
const state = { secret: '', recoveryCodes: [] as string[], lastStep: 0 };

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startOwnServer('second-factors', { host: 'localhost' });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  if (problems.length > 0) process.stdout.write(`page errors seen:\n${problems.join('\n')}\n`);
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.dispose();
}, 60_000);

// --- helpers -------------------------------------------------------------------------------

async function newPage(width = 1440): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  const name = `page ${contexts.length}`;
  page.on('pageerror', (error) => problems.push(`${name} pageerror: ${error.message}`));
  return page;
}

/** Chromium's virtual authenticator (DevTools protocol): a platform authenticator that verifies its user. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

/**
 * The app's code for a time step after every one used so far (the server accepts each step once
 * and one step of drift): computed from the secret at a fixed instant, never read from a clock
 * the server shares.
 */
async function nextCode(): Promise<string> {
  const now = Math.floor(Date.now() / 1000 / PERIOD);
  const step = Math.max(now - 1, state.lastStep + 1);
  if (step > now + 1) throw new Error('no unused step within the drift window: the test used more codes than the clock gives');
  state.lastStep = step;
  return generate({ secret: state.secret, epoch: step * PERIOD });
}

/** Waits until `check` holds (10 s at most). */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function enterPassword(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${server.baseUrl}/admin/login`);
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

const dashboard = (page: Page) => page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
const secondStep = (page: Page) => page.getByRole('heading', { name: 'Two-step verification' }).waitFor();

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
}

async function openAccount(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/admin/account`);
  await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
}

async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const violations = await axeViolations(page);
  expect({ what, violations }).toEqual({ what, violations: [] });
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The ten recovery codes on the page (xxxxx-xxxxx). */
async function recoveryCodesShown(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  return (await list.getByRole('listitem').allTextContents()).map((text) => text.trim());
}

// --- the story -----------------------------------------------------------------------------

describe('second factors, passkeys and sessions in Chromium', () => {
  let admin: Page;

  it('sets up an authenticator app on the account page: QR code, secret, a first code, ten recovery codes', async () => {
    admin = await newPage();
    await enterPassword(admin, OWN_ADMIN.username, OWN_ADMIN.password);
    await dashboard(admin);
    await openAccount(admin);
    const card = admin.getByRole('region', { name: 'Two-step verification' });
    await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await admin.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    state.secret = (await admin.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
    expect(state.secret).toMatch(/^[A-Z2-7]{16,}$/);
    await shoot(admin, 'totp-enrolment');
    await expectNoAxeViolations(admin, 'TOTP enrolment');

    await admin.getByLabel('Code from the app').fill('000000');
    await admin.getByRole('button', { name: 'Verify and turn on' }).click();
    await admin.getByText('The code is not correct').waitFor();
    await expectNoAxeViolations(admin, 'TOTP enrolment, wrong code');

    await admin.getByLabel('Code from the app').fill(await nextCode());
    await admin.getByRole('button', { name: 'Verify and turn on' }).click();
    state.recoveryCodes = await recoveryCodesShown(admin);
    expect(state.recoveryCodes).toHaveLength(10);
    for (const code of state.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await shoot(admin, 'recovery-codes');
    await expectNoAxeViolations(admin, 'recovery codes');
    await admin.getByRole('button', { name: 'I have saved these codes' }).click();
    await card.getByText(/On since/).waitFor();
  }, 120_000);

  it('signs out and back in with the password and a code from the app', async () => {
    await signOut(admin);
    await enterPassword(admin, OWN_ADMIN.username, OWN_ADMIN.password);
    await secondStep(admin);
    await admin.getByLabel('Authentication code').fill('123456');
    await admin.getByRole('button', { name: 'Verify' }).click();
    await admin.getByText('Invalid code').first().waitFor();
    await shoot(admin, 'second-step-invalid');
    await expectNoAxeViolations(admin, 'second step, invalid code');
    await admin.getByLabel('Authentication code').fill(await nextCode());
    await admin.getByRole('button', { name: 'Verify' }).click();
    await dashboard(admin);
  }, 60_000);

  it('takes a recovery code once and never again', async () => {
    const [code] = state.recoveryCodes;
    for (const attempt of ['first', 'second'] as const) {
      await signOut(admin);
      await enterPassword(admin, OWN_ADMIN.username, OWN_ADMIN.password);
      await secondStep(admin);
      await admin.getByRole('button', { name: 'Use a recovery code' }).click();
      await admin.getByLabel('Recovery code').fill(code!.toUpperCase());
      await admin.getByRole('button', { name: 'Verify' }).click();
      if (attempt === 'first') await dashboard(admin);
      else await admin.getByText('Invalid code').first().waitFor();
    }
    // Still at the second step: the code it refused did not sign anyone in.
    const me = await admin.evaluate(async () => (await fetch('/api/auth/check')).json());
    expect(me).toEqual({ authenticated: false });
  }, 90_000);

  it('registers a passkey with a virtual authenticator and signs in with it alone', async () => {
    await addVirtualAuthenticator(admin);
    // Signed out by the refused recovery code's step: in with the next recovery code.
    await admin.getByLabel('Recovery code').fill(state.recoveryCodes[1]!);
    await admin.getByRole('button', { name: 'Verify' }).click();
    await dashboard(admin);
    await openAccount(admin);
    const passkeys = admin.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await admin.getByLabel('Passkey name').fill('Work laptop');
    await admin.getByRole('button', { name: 'Create passkey' }).click();
    await passkeys.getByRole('button', { name: 'Rename Work laptop' }).waitFor();
    await shoot(admin, 'passkeys');
    await expectNoAxeViolations(admin, 'passkey list');

    await signOut(admin);
    await admin.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await dashboard(admin);
  }, 90_000);

  it("lists a second browser's session and ends it from the first", async () => {
    const other = await newPage(390);
    await enterPassword(other, OWN_ADMIN.username, OWN_ADMIN.password);
    await secondStep(other);
    await other.getByLabel('Authentication code').fill(await nextCode());
    await other.getByRole('button', { name: 'Verify' }).click();
    await dashboard(other);

    await openAccount(admin);
    const sessions = admin.getByRole('region', { name: 'Where you are signed in' });
    const rows = sessions.getByRole('list', { name: 'Your sessions' }).getByRole('listitem');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    await sessions.getByText('This browser').waitFor();
    await shoot(admin, 'sessions');
    await expectNoAxeViolations(admin, 'sessions list');

    const otherRow = rows.filter({ hasNot: admin.getByText('This browser') });
    await otherRow.getByRole('button', { name: /^Sign out/ }).click();
    await until(async () => (await rows.count()) === 1, 'the ended session leaves the list');
    await other.reload();
    await other.getByRole('heading', { name: 'Admin Login' }).waitFor();
  }, 90_000);

  it('with the policy on, sends an account without a second factor to enrol, and nowhere else until it has', async () => {
    await admin.goto(`${server.baseUrl}/admin/admins`);
    await admin.getByRole('button', { name: /Add Admin/ }).click();
    await admin.getByRole('textbox', { name: /Username/ }).fill('bob');
    await admin.getByRole('dialog').getByRole('button', { name: 'Add Admin' }).click();
    const password = (await admin.getByTestId('generated-password').textContent())!.trim();
    await admin.getByRole('button', { name: 'Done' }).click();

    await admin.getByRole('switch', { name: 'Require two-step verification for every account' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Require it' }).click();
    const policy = admin.getByRole('switch', { name: 'Require two-step verification for every account' });
    await until(async () => (await policy.getAttribute('aria-checked')) === 'true', 'the policy is on');

    const bob = await newPage();
    await enterPassword(bob, 'bob', password);
    await bob.getByRole('heading', { name: /Set up two-step verification/ }).waitFor();
    await bob.goto(`${server.baseUrl}/admin/news`);
    await bob.getByRole('heading', { name: 'Admin Login' }).waitFor();

    await enterPassword(bob, 'bob', password);
    await bob.getByRole('heading', { name: /Set up two-step verification/ }).waitFor();
    await shoot(bob, 'enrol-forced');
    await expectNoAxeViolations(bob, 'forced enrolment');
    await bob.getByRole('button', { name: 'Use an authenticator app' }).click();
    const secret = (await bob.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
    await bob.getByLabel('Code from the app').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
    await bob.getByRole('button', { name: 'Verify and turn on' }).click();
    expect(await recoveryCodesShown(bob)).toHaveLength(10);
    await bob.getByRole('button', { name: 'I have saved these codes' }).click();
    await dashboard(bob);
  }, 120_000);
});
