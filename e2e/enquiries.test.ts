import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { launchBrowser } from './harness/browser.js';
import { axeViolations } from './harness/axe.js';
import { OWN_ADMIN, startOwnServer, type OwnServer } from './harness/own-server.js';

// Issue 27 end to end: a visitor sends an enquiry from the landing page in Chromium, with
// JavaScript (the proof of work solved in the browser, the thank-you in place) and without (a plain
// post, then the thank-you page); each enquiry is mailed to a real SMTP server on 127.0.0.1 and
// announced to a webhook receiver there; the admin, signed in through the login page in Chromium, finds them unread, marks one handled and
// exports the CSV. axe finds nothing in any state. The server is its own (own DATA_DIR and port).

const mails: { to: string[]; raw: string }[] = [];
const hooks: { event?: string; collection?: string; data?: Record<string, unknown> }[] = [];
let smtp: SMTPServer;
let receiver: http.Server;
let server: OwnServer;
let browser: Browser;

async function until(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      hooks.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));

  server = await startOwnServer('enquiries', {
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String((smtp.server.address() as AddressInfo).port),
      SMTP_SECURE: 'false',
      ENQUIRY_MAIL_TO: 'office@consulting.example',
      MAIL_FROM: 'Website <website@consulting.example>',
      MAIL_POLL_MS: '200',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_POLL_MS: '200',
      // A person takes longer than the robot driving the browser here.
      ENQUIRY_MIN_SECONDS: '0',
    },
  });
  const cookie = await server.login();
  const created = await fetch(`${server.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      query: 'mutation($input: WebhookEndpointInput!) { createWebhook(input: $input) { id } }',
      variables: { input: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, collections: ['enquiries'] } },
    }),
  });
  expect(((await created.json()) as { errors?: unknown }).errors).toBeUndefined();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

async function fillForm(page: Page, name: string, message: string) {
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email' }).fill('visitor@example.com');
  await page.getByRole('textbox', { name: /Organisation/ }).fill('Ministry of Examples');
  await page.getByRole('combobox', { name: 'Service it is about' }).selectOption('public-reform');
  await page.getByRole('textbox', { name: 'Message' }).fill(message);
  await page.getByRole('checkbox', { name: /We use your details only to answer your message/ }).check();
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** Signs in through the admin login page, as the other e2e tests do (admin.test.ts, second-factors.test.ts), with this server's admin. */
async function logIn(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/admin/login`);
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  await page.getByLabel('Username').fill(OWN_ADMIN.username);
  await page.getByLabel('Password').fill(OWN_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** A sidebar link, by its whole accessible name (the dashboard cards are links too). */
const navLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true });
const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe('enquiries end to end', () => {
  it('with JavaScript: inline errors, then the thank-you in place, focused', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.baseUrl}/#contact`, { waitUntil: 'networkidle' });
    const form = page.getByRole('form', { name: 'Send us a message' });
    await expect(form.isVisible()).resolves.toBe(true);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Name is required').waitFor();
    await expect(page.getByRole('textbox', { name: 'Name' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expectNoAxeViolations(page);

    await fillForm(page, 'Ada With Script', 'We need help reforming a registry office.');
    await page.getByRole('button', { name: 'Send message' }).click();
    const thanks = page.getByRole('heading', { name: 'Thank you' });
    await thanks.waitFor({ timeout: 60_000 });
    expect(page.url()).toBe(`${server.baseUrl}/#contact`); // no reload, no navigation
    await expect(thanks.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expectNoAxeViolations(page);
    await page.close();
  }, 120_000);

  it('without JavaScript: a plain post, then the thank-you page in the site layout', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'domcontentloaded' });
    await fillForm(page, 'Grace Without Script', 'Could you advise on an export plan?');
    await Promise.all([
      page.waitForURL(`${server.baseUrl}/contact/thanks`, { waitUntil: 'domcontentloaded' }),
      page.getByRole('button', { name: 'Send message' }).click({ noWaitAfter: true }),
    ]);
    await page.getByRole('heading', { level: 1, name: 'Thank you' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    // axe runs as a script, which this context refuses: the same page is checked where scripts run.
    const checked = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await checked.goto(page.url(), { waitUntil: 'networkidle' });
    await expectNoAxeViolations(checked);
    await checked.close();
    await context.close();
  }, 120_000);

  it('mails each enquiry to the SMTP server and announces it to the webhook receiver', async () => {
    await until(() => mails.length >= 2, 'two mails');
    expect(mails.every((mail) => mail.to.includes('office@consulting.example'))).toBe(true);
    expect(mails.some((mail) => mail.raw.includes('Ada With Script'))).toBe(true);
    expect(mails.some((mail) => mail.raw.includes('Grace Without Script'))).toBe(true);
    await until(() => hooks.filter((hook) => hook.event === 'enquiry.created').length >= 2, 'two enquiry.created webhooks');
    const names = hooks.filter((hook) => hook.event === 'enquiry.created').map((hook) => JSON.stringify(hook));
    expect(names.some((body) => body.includes('Ada With Script'))).toBe(true);
    expect(names.some((body) => body.includes('Grace Without Script'))).toBe(true);
  }, 60_000);

  it('the admin, signed in through the login page, finds them unread, marks one handled and exports the CSV', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    try {
      await logIn(page);
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      // The two enquiries the steps above sent, unread: the count is part of the sidebar link's name.
      await navLink(page, 'Enquiries, 2 unread').waitFor();

      await navLink(page, 'Enquiries, 2 unread').click();
      await page.waitForURL(`${server.baseUrl}/admin/enquiries`);
      await page.getByRole('heading', { name: 'Enquiries', level: 1 }).waitFor();
      const table = page.getByRole('table', { name: 'Enquiries' });
      for (const name of ['Ada With Script', 'Grace Without Script']) {
        await rowWith(page, name).getByText('Unread', { exact: true }).waitFor();
      }
      expect(await table.getByRole('row').filter({ has: page.getByRole('link') }).count()).toBe(2);
      await expectNoAxeViolations(page);

      await rowWith(page, 'Ada With Script').getByRole('link', { name: 'Ada With Script' }).click();
      await page.getByRole('heading', { name: 'Enquiry from Ada With Script', level: 1 }).waitFor();
      await page.getByText('We need help reforming a registry office.').waitFor();
      await page.getByText('Unread', { exact: true }).waitFor();
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Mark handled' }).click();
      await page.getByText('Enquiry marked as handled', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Mark unhandled' }).waitFor();
      await page.getByText('Handled', { exact: true }).waitFor();
      await navLink(page, 'Enquiries, 1 unread').waitFor();

      await page.getByRole('link', { name: 'All enquiries' }).click();
      await page.getByRole('heading', { name: 'Enquiries', level: 1 }).waitFor();
      await rowWith(page, 'Ada With Script').getByText('Handled', { exact: true }).waitFor();
      await rowWith(page, 'Grace Without Script').getByText('Unread', { exact: true }).waitFor();
      await navLink(page, 'Enquiries, 1 unread').waitFor();

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
      await expect(download.failure()).resolves.toBeNull();
      expect(new URL(download.url()).pathname).toBe('/api/enquiries.csv');
      const text = readFileSync(await download.path(), 'utf8');
      expect(text).toContain('Ada With Script');
      expect(text).toContain('Grace Without Script');
      expect(text).toContain('We need help reforming a registry office.');
      expect(text).toContain('Could you advise on an export plan?');
    } finally {
      await context.close();
    }
  }, 120_000);
});
