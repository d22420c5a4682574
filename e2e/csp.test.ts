import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { adminCredentials, baseUrl, launchBrowser } from './harness/browser.js';

// The Content-Security-Policy in Chromium: the public site (hero video included) and the admin
// panel work with it on, and the browser reports no violation at all, neither as a console
// message nor as a `securitypolicyviolation` event.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Watched {
  page: Page;
  violations(): Promise<string[]>;
}

async function watchedPage(width = 1440): Promise<Watched> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const consoleViolations: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(text)) consoleViolations.push(text);
  });
  // Collected inside the page from the first byte on (an init script is not subject to the CSP).
  await page.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = found;
    document.addEventListener('securitypolicyviolation', (event) => {
      found.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return {
    page,
    async violations() {
      const events = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
      return [...consoleViolations, ...events];
    },
  };
}

describe('public pages with the CSP on', () => {
  it.each(['/', '/team', '/news', '/clients', '/no-such-page'])('%s renders, hydrates and violates nothing', async (path) => {
    const { page, violations } = await watchedPage();
    const response = await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    // Hydrated: React attached to the server-rendered markup (the state came from the JSON block).
    await page.waitForFunction(() => {
      const root = document.getElementById('root');
      return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
    });
    expect(await violations()).toEqual([]);
    await page.close();
  });

  it('plays the hero video', async () => {
    const { page, violations } = await watchedPage();
    const videoResponse = page.waitForResponse((r) => /\/assets\/hero-[^/]+\.mp4$/.test(new URL(r.url()).pathname));
    await page.goto(`${baseUrl()}/`, { waitUntil: 'networkidle' });
    expect([200, 206]).toContain((await videoResponse).status());
    const state = await page.locator('video').evaluate((video: HTMLVideoElement) => ({
      error: video.error?.code ?? null,
      source: video.currentSrc,
    }));
    expect(state.error).toBeNull();
    expect(state.source).toMatch(/\/assets\/hero-[^/]+\.mp4$/);
    expect(await violations()).toEqual([]);
    await page.close();
  });

  it('uses the server-rendered Apollo state without refetching it', async () => {
    const { page } = await watchedPage();
    const graphqlRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/graphql') graphqlRequests.push(request.url());
    });
    await page.goto(`${baseUrl()}/news`, { waitUntil: 'networkidle' });
    expect(graphqlRequests).toEqual([]);
    await page.close();
  });
});

describe('the violation watcher', () => {
  it('sees an inline script the policy blocks (so the checks above can fail)', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(`${baseUrl()}/team`, { waitUntil: 'networkidle' });
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__ran = true;';
      document.body.appendChild(script);
    });
    await page.waitForFunction(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.length > 0);
    expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
    expect((await violations()).join('\n')).toContain('script-src');
    await page.close();
  });
});

describe('the admin panel with the CSP on', () => {
  it('signs in, opens a dialog and violates nothing', async () => {
    const { page, violations } = await watchedPage();
    const response = await page.goto(`${baseUrl()}/admin/login`);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.getByLabel('Username').fill(adminCredentials().username);
    await page.getByLabel('Password').fill(adminCredentials().password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'News', exact: true }).click();
    await page.getByRole('button', { name: /Add News/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // Images in the table (uploads) and the dialog's form are on screen.
    await page.waitForLoadState('networkidle');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await violations()).toEqual([]);
    await page.close();
  });
});

describe('headers as curl -I sees them', () => {
  it.each(['/', '/admin', '/api/countries', 'upload'])('%s', async (which) => {
    let path = which;
    if (which === 'upload') {
      const countries = (await (await fetch(`${baseUrl()}/api/countries`)).json()) as { flagImageUrl: string }[];
      path = countries.find((c) => c.flagImageUrl.startsWith('/uploads/'))!.flagImageUrl;
    }
    const response = await fetch(`${baseUrl()}${path}`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    if (which === 'upload') expect(csp).toContain('sandbox');
    else expect(csp).toContain("base-uri 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
