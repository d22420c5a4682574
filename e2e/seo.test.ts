import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser } from './harness/browser.js';

// What search engines and link previews read: sitemap.xml, robots.txt, canonical URLs, cards and
// schema.org JSON-LD.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]));
}

describe('search engine files', () => {
  it('sitemap.xml is well-formed XML listing the four public pages, then each list its items\' own pages (with lastmod)', async () => {
    const [news, clients] = await Promise.all(
      ['news', 'clients'].map(async (list) => ((await (await fetch(`${baseUrl()}/api/${list}`)).json()) as Array<{ slug: string }>).map((item) => `/${list}/${item.slug}`)),
    );
    // The firm's simple pages (the demo publishes its legal pages), each at /<slug>.
    const simple = ((await (await fetch(`${baseUrl()}/api/pages`)).json()) as Array<{ slug: string }>).map((item) => `/${item.slug}`);
    expect(simple.length).toBeGreaterThan(0);
    const response = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    const page = await browser.newPage();
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      return {
        error: doc.getElementsByTagName('parsererror').length > 0,
        root: doc.documentElement.namespaceURI + ' ' + doc.documentElement.localName,
        urls: [...doc.getElementsByTagName('url')].map((url) => ({
          path: new URL(url.getElementsByTagName('loc')[0].textContent!).pathname,
          lastmod: url.getElementsByTagName('lastmod')[0]?.textContent ?? null,
        })),
      };
    }, xml);
    await page.close();
    expect({ error: parsed.error, root: parsed.root }).toEqual({ error: false, root: 'http://www.sitemaps.org/schemas/sitemap/0.9 urlset' });
    const paths = parsed.urls.map((url) => url.path);
    // The four public pages in order (a paged list's later pages, /news/page/2, follow it when there are any).
    expect(paths.filter((path) => !/^\/(news|clients)\/./.test(path) && !simple.includes(path))).toEqual(['/', '/team', '/news', '/clients']);
    // Then the simple pages, each once with its lastmod.
    const simpleUrls = parsed.urls.filter((url) => simple.includes(url.path));
    expect(simpleUrls.map((url) => url.path).sort()).toEqual([...simple].sort());
    for (const url of simpleUrls) expect(url.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // Each list is followed by its items' own pages, every published item once, each with its lastmod.
    const items = parsed.urls.filter((url) => /^\/(news|clients)\/./.test(url.path) && !/\/page\/\d+$/.test(url.path));
    expect(items.map((url) => url.path).sort()).toEqual([...news, ...clients].sort());
    expect(paths.indexOf(news[0])).toBeGreaterThan(paths.indexOf('/news'));
    expect(paths.indexOf(clients[0])).toBeGreaterThan(paths.indexOf('/clients'));
    for (const url of items) expect(url.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('robots.txt disallows the admin panel and the APIs and names the sitemap', async () => {
    const response = await fetch(`${baseUrl()}/robots.txt`);
    expect(response.status).toBe(200);
    const lines = (await response.text()).split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /admin', 'Disallow: /api/', 'Disallow: /graphql']));
    expect(lines.some((line) => /^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/.test(line))).toBe(true);
  });
});

describe('page metadata', () => {
  it('each public page has a canonical URL and an OpenGraph/Twitter card with an absolute image', async () => {
    for (const path of ['/', '/team', '/news', '/clients']) {
      const html = await (await fetch(`${baseUrl()}${path}`)).text();
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      expect(canonical && new URL(canonical).pathname).toBe(path);
      expect(/<meta property="og:url" content="([^"]+)"/.exec(html)?.[1]).toBe(canonical);
      expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\.(jpg|png)"/);
      expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
      expect(html).toMatch(/<meta name="twitter:image" content="https?:\/\/[^"]+"/);
    }
    const notFound = await (await fetch(`${baseUrl()}/no-such-page`)).text();
    expect(notFound).toContain('<meta name="robots" content="noindex" />');
    expect(notFound).not.toContain('rel="canonical"');
  });

  it('the landing page describes the firm as a schema.org Organization with logo, contact points and sister companies', async () => {
    const brands = (await (await fetch(`${baseUrl()}/api/brands`)).json()) as Array<{ name: string }>;
    const [organization] = jsonLd(await (await fetch(`${baseUrl()}/`)).text());
    expect(organization).toMatchObject({ '@context': 'https://schema.org', '@type': 'Organization', name: expect.any(String) });
    // The firm's logo picture from the site settings, else its square icon (made from the Site screen's icon).
    expect(organization.logo).toMatch(/^https?:\/\/[^/]+\/(icons\/icon-512\.png|uploads\/[^/]+\.png)$/);
    expect((await fetch(organization.logo as string)).headers.get('content-type')).toBe('image/png');
    expect((organization.contactPoint as unknown[]).length).toBeGreaterThan(0);
    expect((organization.subOrganization as Array<{ name: string }>).map((s) => s.name)).toEqual(brands.map((b) => b.name));
  });

  it('the news page has a NewsArticle per news item', async () => {
    const news = (await (await fetch(`${baseUrl()}/api/news`)).json()) as Array<{ title: string }>;
    const articles = jsonLd(await (await fetch(`${baseUrl()}/news`)).text());
    expect(articles.map((a) => [a['@type'], a.headline])).toEqual(news.map((n) => ['NewsArticle', n.title.slice(0, 110)]));
  });
});
