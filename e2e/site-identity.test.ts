import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { axeViolations } from './harness/axe.js';
import { launchBrowser, watchConsole } from './harness/browser.js';
import { startTwoInstances, within, type Instance, type TwoInstances } from './harness/two-instances.js';

// Issue 25 in Chromium, on a fresh install: two built servers on one fresh database and bucket
// (a site behind a load balancer). The fresh site presents itself as "Your Firm" with its three
// legal pages waiting as drafts; an editor signs in on A, sets the firm's name, logo, address and
// LinkedIn link on the Site screen and publishes the privacy policy; on B's next requests every
// public page carries them (header, footer, title, share tags, JSON-LD, favicon, manifest), and
// the share card of /news is a 1200x630 PNG. Screenshots for a person go to SHOTS; not assertions.

const SHOTS = process.env.IDENTITY_SHOTS_DIR ?? '/tmp/shots-25';
const ADMIN = { username: 'admin', password: 'identity-e2e-password' };
const DATABASE = 'identity_e2e';
/** How long a saved change may take to reach the other instance's pages (content revisions over NOTIFY). */
const ACROSS_WITHIN_MS = 5_000;

const FIRM = 'Northwind Partners';
const STREET = 'Kärntner Ring 5';
const CITY = 'Vienna';
const LINKEDIN = 'https://www.linkedin.com/company/northwind-partners-example';
const PRIVACY_TEXT = 'We process the personal data you send us only to answer your enquiry.';
const PUBLIC_PATHS = ['/', '/team', '/news', '/clients', '/privacy-policy'];

let started: TwoInstances | undefined;
let a: Instance;
let b: Instance;
let browser: Browser;
const contexts: BrowserContext[] = [];
let cookie = '';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  started = await startTwoInstances(DATABASE, ADMIN);
  [a, b] = started.instances;
  browser = await launchBrowser();
  const login = await fetch(`${a.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  cookie = login.headers.getSetCookie()[0].split(';')[0];
}, 150_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await started?.stop();
}, 60_000);

async function newPage(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

const html = async (instance: Instance, path: string) => {
  const response = await fetch(`${instance.baseUrl}${path}`);
  return { status: response.status, text: await response.text() };
};

const adminCall = (method: string, path: string, json?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${a.baseUrl}${path}`, {
    method,
    headers: { cookie, origin: a.baseUrl, ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: json === undefined ? undefined : JSON.stringify(json),
  });

/** The JSON-LD blocks of a page. */
function jsonLd(page: string): Record<string, unknown>[] {
  return [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]) as Record<string, unknown>);
}

const metaContent = (page: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(page)?.[1] ?? null;

async function png(width: number, height: number, colour: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

interface DraftItem {
  recordId: number;
  label: string;
  draftVersion: number;
  values: Record<string, unknown>;
}

describe('the firm\'s identity on a fresh install, across two instances', () => {
  it('a fresh install presents itself as "Your Firm" and waits with its three legal pages as drafts', async () => {
    const settings = (await (await fetch(`${b.baseUrl}/api/site-settings`)).json()) as { firmName: string };
    expect(settings.firmName).toBe('Your Firm');
    const home = await html(b, '/');
    expect(home.status).toBe(200);
    expect(home.text).toMatch(/<title>[^<]*Your Firm[^<]*<\/title>/);
    expect(home.text).not.toContain('Meridian');

    const drafts = (await (await adminCall('GET', '/api/admin/pages/drafts')).json()) as { items: DraftItem[] };
    expect(drafts.items.map((item) => item.label).sort()).toEqual(['Accessibility statement', 'Imprint', 'Privacy policy']);
    // Drafts are not on the site: their addresses are not found yet.
    expect((await html(b, '/privacy-policy')).status).toBe(404);
  });

  it('an editor sets the name, logo, address and LinkedIn link on the Site screen', async () => {
    const page = await newPage(1440);
    const { problems } = watchConsole(page);
    await page.goto(`${a.baseUrl}/admin/login`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${a.baseUrl}/admin`);
    await page.goto(`${a.baseUrl}/admin/site`);
    await page.getByRole('textbox', { name: /^Firm Name/ }).fill(FIRM);
    await page.getByLabel('Logo file', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png(600, 160, { r: 23, g: 54, b: 94 }) });
    await page.getByRole('textbox', { name: /^Street Address/ }).fill(STREET);
    await page.getByRole('textbox', { name: /^City/ }).fill(CITY);
    await page.getByRole('textbox', { name: /^LinkedIn URL/ }).fill(LINKEDIN);
    // The logo is uploaded (its preview and Replace Image show) before the form is saved.
    await page.getByRole('button', { name: /Replace Image/ }).first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const saved = await within(Date.now() + 15_000, async () => {
      const settings = (await (await fetch(`${a.baseUrl}/api/site-settings`)).json()) as Record<string, string | null>;
      return settings.firmName === FIRM && settings.city === CITY && settings.linkedinUrl === LINKEDIN && /^\/uploads\//.test(settings.logoUrl ?? '');
    });
    expect(saved).toBe(true);
    await page.screenshot({ path: `${SHOTS}/e2e-admin-site-1440.png`, fullPage: true });
    expect(problems).toEqual([]);
  });

  it('and publishes the privacy policy, filled in', async () => {
    const drafts = (await (await adminCall('GET', '/api/admin/pages/drafts')).json()) as { items: DraftItem[] };
    const privacy = drafts.items.find((item) => item.label === 'Privacy policy')!;
    const filled = await adminCall('PUT', `/api/admin/pages/${privacy.recordId}/draft`, { ...privacy.values, body: PRIVACY_TEXT, bodyDocument: null }, { 'If-Match': `"${privacy.draftVersion}"` });
    expect(filled.status).toBe(200);
    expect((await adminCall('POST', `/api/admin/pages/${privacy.recordId}/publish`)).status).toBe(200);
  });

  it('every public page on the other instance shows them on the next request', async () => {
    // B served the old pages before, so only the shared content revision can show the change.
    const seen = await within(Date.now() + ACROSS_WITHIN_MS, async () => {
      const pages = await Promise.all(PUBLIC_PATHS.map((path) => html(b, path)));
      return pages.every((page) => page.status === 200 && page.text.includes(FIRM) && page.text.includes(LINKEDIN));
    });
    expect(seen).toBe(true);

    for (const path of PUBLIC_PATHS) {
      const { status, text } = await html(b, path);
      expect({ path, status }).toEqual({ path, status: 200 });
      expect(text).not.toContain('Your Firm');
      // Header: the uploaded logo, named by the firm.
      expect(text).toMatch(new RegExp(`<img[^>]*alt="${FIRM}"[^>]*>|<img[^>]*src="/uploads/[^"]*"[^>]*alt="${FIRM}"`));
      // Footer: address, the LinkedIn link, the published privacy policy.
      expect(text).toContain(STREET);
      expect(text).toContain(CITY);
      expect(text).toContain(`href="${LINKEDIN}"`);
      expect(text).toContain('href="/privacy-policy"');
      // Title and share tags.
      expect(text).toMatch(new RegExp(`<title>[^<]*${FIRM}[^<]*</title>`));
      expect(metaContent(text, 'og:site_name')).toBe(FIRM);
      expect(metaContent(text, 'og:image')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      expect(metaContent(text, 'og:image:width')).not.toBeNull();
      expect(metaContent(text, 'og:image:alt')).not.toBeNull();
      // Favicon and manifest.
      expect(text).toMatch(/<link rel="icon"[^>]*href="\/icons\/favicon-32\.png[^"]*"/);
      expect(text).toMatch(/<link rel="manifest"[^>]*href="\/site\.webmanifest[^"]*"/);
    }

    // JSON-LD: the Organization, with its address and LinkedIn as sameAs (indexable pages carry it).
    const home = await html(b, '/');
    const organization = jsonLd(home.text).flatMap((block) => ('@graph' in block ? (block['@graph'] as Record<string, unknown>[]) : [block])).find((node) => node['@type'] === 'Organization')!;
    expect(organization).toMatchObject({ name: FIRM, address: expect.objectContaining({ '@type': 'PostalAddress', streetAddress: STREET, addressLocality: CITY }) });
    expect(organization.sameAs).toEqual(expect.arrayContaining([LINKEDIN]));
    expect(String(organization.logo)).toMatch(/\/uploads\//);

    const privacy = await html(b, '/privacy-policy');
    expect(privacy.text).toContain(PRIVACY_TEXT);
    expect(privacy.text).toMatch(/<h1[^>]*>Privacy policy<\/h1>/);

    // The icons and the manifest follow the settings, on B too.
    const favicon = await fetch(`${b.baseUrl}/icons/favicon-32.png`);
    expect(favicon.headers.get('content-type')).toBe('image/png');
    const faviconMeta = await sharp(Buffer.from(await favicon.arrayBuffer())).metadata();
    expect([faviconMeta.format, faviconMeta.width, faviconMeta.height]).toEqual(['png', 32, 32]);
    const manifest = (await (await fetch(`${b.baseUrl}/site.webmanifest`)).json()) as { name: string; icons: { sizes: string }[] };
    expect(manifest.name).toBe(FIRM);
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  });

  it('the share image of /news is a 1200x630 PNG, and /news names it', async () => {
    const news = await html(b, '/news');
    const image = metaContent(news.text, 'og:image')!;
    expect(new URL(image).pathname).toBe('/share/news.png');
    expect([metaContent(news.text, 'og:image:width'), metaContent(news.text, 'og:image:height')]).toEqual(['1200', '630']);
    const card = await fetch(`${b.baseUrl}/share/news.png`);
    expect([card.status, card.headers.get('content-type')]).toEqual([200, 'image/png']);
    const bytes = Buffer.from(await card.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    // A page that is not one has no card (nothing is made or kept for it).
    expect((await fetch(`${b.baseUrl}/share/no-such-page.png`)).status).toBe(404);
  });

  it.each([390, 1440])('the footer and the privacy policy at %i px: no axe violations', async (width) => {
    const page = await newPage(width);
    const { problems } = watchConsole(page);
    await page.goto(`${b.baseUrl}/privacy-policy`);
    await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
    await page.getByText(PRIVACY_TEXT).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/e2e-privacy-${width}.png`, fullPage: true });
    const footer = page.locator('footer');
    await footer.scrollIntoViewIfNeeded();
    await footer.screenshot({ path: `${SHOTS}/e2e-footer-${width}.png` });
    await expect(footer.getByRole('link', { name: /LinkedIn/ }).getAttribute('href')).resolves.toBe(LINKEDIN);
    expect(problems).toEqual([]);
  });
});
