import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, watchConsole } from './harness/browser.js';

// The public website against the real built server with demo content (see harness/global-setup.ts).

interface DemoContent {
  tagline: string;
  countryName: string;
  newsTitle: string;
  teamMemberName: string;
  projectTitle: string;
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

let browser: Browser;
let demo: DemoContent;

beforeAll(async () => {
  browser = await launchBrowser();
  const [landing, countries, news, team, clients] = await Promise.all([
    getJson<{ heroTagline: string }>('/api/landing-content'),
    getJson<{ name: string }[]>('/api/countries'),
    getJson<{ title: string }[]>('/api/news'),
    getJson<{ name: string }[]>('/api/team-members'),
    getJson<{ title: string }[]>('/api/clients'),
  ]);
  for (const list of [countries, news, team, clients]) expect(list.length).toBeGreaterThan(0);
  demo = {
    tagline: landing.heroTagline,
    countryName: countries[0].name,
    newsTitle: news[0].title,
    teamMemberName: team[0].name,
    projectTitle: clients[0].title,
  };
});

afterAll(async () => {
  await browser?.close();
});

async function openPage(path: string, width = 1440): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const { problems } = watchConsole(page);
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
  return { page, problems };
}

/** Waits until the section's top edge sits just under the fixed header. */
async function waitForSectionAtTop(page: Page, id: string): Promise<void> {
  await page.waitForFunction((sectionId) => {
    const section = document.getElementById(sectionId);
    const header = document.querySelector('header');
    if (!section || !header) return false;
    return Math.abs(section.getBoundingClientRect().top - header.getBoundingClientRect().height) <= 2;
  }, id);
}

describe('public website', () => {
  it('server-renders the landing page: the HTML without JavaScript holds the tagline, a country and a news title', async () => {
    const response = await fetch(`${baseUrl()}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const visible = html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');
    expect(visible).toContain(escaped(demo.tagline));
    expect(visible).toContain(escaped(demo.countryName));
    expect(visible).toContain(escaped(demo.newsTitle));
    expect(html).not.toContain('Loading...');
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain('<meta name="description"');
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('<script type="application/json" id="page-data">');
  });

  it.each([
    ['/', () => demo.tagline],
    ['/team', () => demo.teamMemberName],
    ['/news', () => demo.newsTitle],
    ['/clients', () => demo.projectTitle],
  ])('renders %s with its content, on the server and hydrated without console errors or warnings', async (path, expected) => {
    const html = (await (await fetch(`${baseUrl()}${path}`)).text()).replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&');
    expect(html).toContain(expected());
    expect(html).not.toMatch(/Loading[^<]*\.\.\./);
    const { page, problems } = await openPage(path);
    await expect(page.getByText(expected(), { exact: true }).first().isVisible()).resolves.toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('gives each page its own title and description', async () => {
    const titles = new Set<string>();
    for (const path of ['/', '/team', '/news', '/clients']) {
      const html = await (await fetch(`${baseUrl()}${path}`)).text();
      titles.add(/<title>([^<]+)<\/title>/.exec(html)![1]);
    }
    expect(titles.size).toBe(4);
  });

  it('answers an unknown path with HTTP 404 and the not-found page', async () => {
    const response = await fetch(`${baseUrl()}/no-such-page`);
    expect(response.status).toBe(404);
    const { page } = await openPage('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Did you forget to add the page to the router?').isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('scrolls smoothly to a section when a header link is used on the landing page', async () => {
    const { page } = await openPage('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
    await waitForSectionAtTop(page, 'services');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('button', { name: 'Explore Our Expertise' }).click();
    await waitForSectionAtTop(page, 'who-we-are');
    await page.close();
  });

  it('navigates from /team to /#section and lands on that section', async () => {
    const { page } = await openPage('/team');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Presence' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#presence');
    await waitForSectionAtTop(page, 'presence');
    await page.close();
  });

  it('at 390px shows a menu toggle; the menu closes after a section is chosen', async () => {
    const { page } = await openPage('/', 390);
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.isVisible()).resolves.toBe(true);
    await menu.getByRole('link', { name: 'Contact' }).click();
    await menu.waitFor({ state: 'detached' });
    await expect(page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).resolves.toBe('false');
    await waitForSectionAtTop(page, 'contact');
    await page.close();
  });

  it('opens every external link in a new tab with rel="noopener"', async () => {
    for (const path of ['/', '/news']) {
      const { page } = await openPage(path);
      const links = await page.$$eval('a[target="_blank"]', (anchors) =>
        anchors.map((a) => ({ href: a.getAttribute('href'), rel: a.getAttribute('rel') ?? '' })),
      );
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link.rel.split(/\s+/)).toContain('noopener');
      if (path === '/') {
        const visit = page.getByRole('link', { name: 'Visit Website' }).first();
        await expect(visit.getAttribute('target')).resolves.toBe('_blank');
      }
      await page.close();
    }
  });

  it('plays the looping muted hero video, or shows the poster to visitors who prefer reduced motion', async () => {
    const { page } = await openPage('/');
    const video = page.locator('video');
    await expect(video.isVisible()).resolves.toBe(true);
    await expect(video.evaluate((v: HTMLVideoElement) => v.muted && v.loop)).resolves.toBe(true);
    await page.close();

    const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1440, height: 900 } });
    const calm = await context.newPage();
    await calm.goto(`${baseUrl()}/`, { waitUntil: 'networkidle' });
    await expect(calm.locator('video').isVisible()).resolves.toBe(false);
    const background = await calm.locator('section[aria-labelledby="hero-heading"]').evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(background).toMatch(/poster-[^)]+\.jpg/);
    await context.close();
  });

  it('serves fingerprinted assets with long-lived cache headers', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const script = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(html)![1];
    const response = await fetch(`${baseUrl()}${script}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('max-age=31536000');
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('serves every fingerprinted asset a page names, fonts and images too, cached for a year (never the "no-store" of private responses)', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const assets = [...new Set([...html.matchAll(/"(\/assets\/[^"]+\.(?:woff2|jpg|png|webp|avif|mp4))"/g)].map((match) => match[1]!))];
    expect(assets.some((asset) => asset.endsWith('.woff2'))).toBe(true);
    for (const asset of assets) {
      const response = await fetch(`${baseUrl()}${asset}`);
      expect({ asset, status: response.status, cache: response.headers.get('cache-control') }).toEqual({ asset, status: 200, cache: 'public, max-age=31536000, immutable' });
    }
  });

  it('loads the admin panel code only on /admin', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    expect(html).not.toMatch(/AdminApp-[^"]+\.js/);
  });
});
