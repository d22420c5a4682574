import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DEFAULT_FIRM_NAME } from '@consulting/model';
import { FEED_ENTRIES } from '../../src/seo/atom-feed.js';
import { sitemapEntries, sitemapPaths, SITEMAP_MAX_URLS } from '../../src/seo/seo-files.js';
import { itemPagesByList, itemPagesOf } from '../../src/site/item-pages.js';
import { request } from '../helpers/http.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// The sitemap lists every item's own page (after its list and the list's pages) with when it last
// changed; /news/feed.xml is an Atom feed of the latest articles. Both absolute under PUBLIC_URL
// (never the Host header), made once per content revision and kept in the public read cache.

const ORIGIN = 'https://www.meridian.example';
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, isArray: (name) => ['entry', 'link', 'url'].includes(name) });

describe('sitemap entries (pure)', () => {
  const at = new Date('2026-11-20T10:00:00.123Z');
  const items = itemPagesOf([
    { list: '/news', items: [{ id: 1, slug: 'a', updatedAt: at }, { id: 2, slug: 'b', updatedAt: at }], moved: [] },
    { list: '/clients', items: [{ id: 3, slug: 'c', updatedAt: at }], moved: [] },
  ]);

  it('list each list, then its later pages, then its items with their last change', () => {
    expect(sitemapEntries({ '/news': 2 }, itemPagesByList(items))).toEqual([
      { path: '/' },
      { path: '/team' },
      { path: '/news' },
      { path: '/news/page/2' },
      { path: '/news/a', lastmod: at },
      { path: '/news/b', lastmod: at },
      { path: '/clients' },
      { path: '/clients/c', lastmod: at },
    ]);
  });

  it('list the simple pages (the list \'\', at /<slug>) after the public pages, with their last change', () => {
    const withPages = itemPagesOf([
      { list: '/news', items: [{ id: 1, slug: 'a', updatedAt: at }], moved: [] },
      { list: '', items: [{ id: 4, slug: 'imprint', updatedAt: at }, { id: 5, slug: 'privacy-policy', updatedAt: at }], moved: [] },
    ]);
    expect(sitemapEntries({}, itemPagesByList(withPages))).toEqual([
      { path: '/' },
      { path: '/team' },
      { path: '/news' },
      { path: '/news/a', lastmod: at },
      { path: '/clients' },
      { path: '/imprint', lastmod: at },
      { path: '/privacy-policy', lastmod: at },
    ]);
  });

  it('still hold at most 50,000 URLs', () => {
    const many = itemPagesOf([{ list: '/news', items: Array.from({ length: 60_000 }, (_, i) => ({ id: i + 1, slug: `n${i}`, updatedAt: at })), moved: [] }]);
    expect(sitemapPaths({ '/news': 5_000 }, itemPagesByList(many))).toHaveLength(SITEMAP_MAX_URLS);
  });
});

/** A GET with a forged Host header (fetch may not send one as given). */
function getWithHost(baseUrl: string, path: string, host: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ host: url.hostname, port: url.port, path, headers: { host }, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      })
      .on('error', reject);
  });
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within 10 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface AtomLink {
  '@rel': string;
  '@href': string;
  '@type'?: string;
}
interface AtomEntry {
  id: string;
  title: { '#text': string };
  link: AtomLink[];
  published: string;
  updated: string;
  summary?: { '#text': string };
  content?: { '#text': string; '@type': string };
}

describe('served (a real database)', () => {
  let app: TestApp;
  let cookie: string;
  const sql = <T extends object = Record<string, unknown>>(query: string, params: unknown[] = []) => app.orm.em.fork().getConnection().execute<T[]>(query, params);
  const document = {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Findings & next steps' }] },
      { type: 'paragraph', content: [{ type: 'text', text: 'Read ' }, { type: 'text', text: 'the report', marks: [{ type: 'link', attrs: { href: 'https://example.org/r' } }] }] },
      { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'One <b>' }] }] }] },
      { type: 'image', attrs: { src: '/uploads/chart.png', alt: 'A chart' } },
    ],
  };

  beforeAll(async () => {
    app = await startTestApp({ publicUrl: ORIGIN });
    cookie = await app.login();
    await sql('delete from news');
    await sql('delete from clients');
    // 24 articles, one a day, created in an order unlike their display order.
    await sql(
      `insert into news (title, slug, picture_url, brief, display_order, created_at) select 'Day ' || g, 'day-' || g, '/uploads/n.png', 'Brief ' || g, 100 - g, timestamptz '2026-10-01T09:00:00Z' + g * interval '1 day' from generate_series(1, 24) g`,
    );
    await sql(`insert into clients (title, slug, picture_url, display_order) values ('Harbour works', 'harbour-works', '/uploads/h.png', 1)`);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('sitemap.xml is XML listing every item page after its list and its pages, each with its last change', async () => {
    const [stamp] = await sql<{ updated_at: Date }>(`select updated_at from news where slug = 'day-3'`);
    let parsed: { urlset: { url: { loc: string; lastmod?: string }[] } } = { urlset: { url: [] } };
    await eventually(async () => {
      const reply = await getWithHost(app.baseUrl, '/sitemap.xml', 'evil.example');
      expect(XMLValidator.validate(reply.text)).toBe(true);
      parsed = parser.parse(reply.text);
      return parsed.urlset.url.some((url) => url.loc === `${ORIGIN}/news/day-24`);
    }, 'the sitemap lists the articles');
    const urls = parsed.urlset.url.map((url) => ({ loc: url.loc.replace(ORIGIN, ''), lastmod: url.lastmod }));
    // The news list (24 articles: two pages), its articles in list order (display order), then the projects.
    expect(urls.map((url) => url.loc)).toEqual([
      '/',
      '/team',
      '/news',
      '/news/page/2',
      ...Array.from({ length: 24 }, (_, i) => `/news/day-${24 - i}`),
      '/clients',
      '/clients/harbour-works',
    ]);
    expect(urls.filter((url) => url.lastmod === undefined).map((url) => url.loc)).toEqual(['/', '/team', '/news', '/news/page/2', '/clients']);
    expect(urls.find((url) => url.loc === '/news/day-3')!.lastmod).toBe(new Date(stamp.updated_at).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    for (const url of urls) if (url.lastmod) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    // A change to an article moves its lastmod.
    await sql(`update news set brief = 'Changed' where slug = 'day-3'`);
    const [after] = await sql<{ updated_at: Date }>(`select updated_at from news where slug = 'day-3'`);
    expect(new Date(after.updated_at).getTime()).toBeGreaterThan(new Date(stamp.updated_at).getTime());
    await eventually(async () => (await getWithHost(app.baseUrl, '/sitemap.xml', 'localhost')).text.includes(`<lastmod>${new Date(after.updated_at).toISOString().replace(/\.\d{3}Z$/, 'Z')}</lastmod>`), 'the new lastmod');
  });

  it('/news/feed.xml is an Atom feed of the latest 20 articles, newest first, absolute under PUBLIC_URL, kept per revision', async () => {
    const reply = await getWithHost(app.baseUrl, '/news/feed.xml', 'evil.example');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(reply.text).not.toContain('evil.example');
    expect(XMLValidator.validate(reply.text)).toBe(true);
    const { feed } = parser.parse(reply.text) as {
      feed: { '@xmlns': string; id: string; title: { '#text': string }; updated: string; link: AtomLink[]; author: { name: string; uri: string }; entry: AtomEntry[] };
    };
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toBe(`${ORIGIN}/news/feed.xml`);
    // A fresh database: the neutral name until the Site screen sets the firm's.
    expect(feed.title['#text']).toBe(`${DEFAULT_FIRM_NAME}: News`);
    expect(feed.link).toEqual(
      expect.arrayContaining([
        { '@rel': 'self', '@type': 'application/atom+xml', '@href': `${ORIGIN}/news/feed.xml` },
        { '@rel': 'alternate', '@type': 'text/html', '@href': `${ORIGIN}/news` },
      ]),
    );
    expect(feed.author).toEqual({ name: DEFAULT_FIRM_NAME, uri: `${ORIGIN}/` });
    expect(feed.entry).toHaveLength(FEED_ENTRIES);
    // Newest first by creation: day 24 down to day 5.
    expect(feed.entry.map((entry) => entry.title['#text'])).toEqual(Array.from({ length: 20 }, (_, i) => `Day ${24 - i}`));
    const day24 = feed.entry[0];
    expect(day24.link).toEqual([{ '@rel': 'alternate', '@type': 'text/html', '@href': `${ORIGIN}/news/day-24` }]);
    expect(day24.published).toBe('2026-10-25T09:00:00Z');
    expect(day24.id).toMatch(/^tag:www\.meridian\.example,2026-10-25:news\/\d+$/);
    expect(day24.summary!['#text']).toBe('Brief 24');
    expect(feed.updated).toBe([...feed.entry.map((entry) => entry.updated)].sort().at(-1));

    // Kept: the same bytes from the cache, compressed, with an ETag.
    const again = await fetch(`${app.baseUrl}/news/feed.xml`);
    expect(again.headers.get('x-render-cache')).toBe('hit');
    expect(again.headers.get('etag')).toBeTruthy();
    expect(again.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    expect(await again.text()).toBe(reply.text);
  });

  it('a new article written through the API is at the top of the feed: its page, its external link, its rich content as escaped HTML', async () => {
    const created = await request(app.baseUrl, 'POST', '/api/admin/news', {
      cookie,
      json: { title: 'Fresh <findings>', pictureUrl: '/uploads/f.png', brief: 'What we found', contentDocument: document, link: 'https://example.org/press' },
    });
    expect(created.status).toBe(201);
    const slug = created.body.slug as string;
    expect(slug).toMatch(/^fresh-findings/);
    let entries: AtomEntry[] = [];
    await eventually(async () => {
      const text = await (await fetch(`${app.baseUrl}/news/feed.xml`)).text();
      expect(XMLValidator.validate(text)).toBe(true);
      entries = (parser.parse(text) as { feed: { entry: AtomEntry[] } }).feed.entry;
      return entries[0]?.title['#text'] === 'Fresh <findings>';
    }, 'the new article leads the feed');
    expect(entries).toHaveLength(FEED_ENTRIES);
    const [fresh] = entries;
    expect(fresh.link).toEqual([
      { '@rel': 'alternate', '@type': 'text/html', '@href': `${ORIGIN}/news/${slug}` },
      { '@rel': 'related', '@href': 'https://example.org/press' },
    ]);
    expect(fresh.id).toBe(`tag:www.meridian.example,${new Date(created.body.createdAt).toISOString().slice(0, 10)}:news/${created.body.id}`);
    expect(fresh.published).toBe(new Date(created.body.createdAt).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    expect(fresh.summary!['#text']).toBe('What we found');
    expect(fresh.content!['@type']).toBe('html');
    // The HTML is the feed's text (escaped in the XML), made by the one allowlist renderer.
    const html = fresh.content!['#text'];
    expect(html).toContain('<h2>Findings &amp; next steps</h2>');
    expect(html).toContain('<a href="https://example.org/r" rel="noopener" target="_blank">the report</a>');
    expect(html).toContain('<li><p>One &lt;b&gt;</p></li>');
    expect(html).toContain(`<img src="${ORIGIN}/uploads/chart.png" alt="A chart"`);
    // Day 5 fell off the end.
    expect(entries.map((entry) => entry.title['#text'])).not.toContain('Day 5');
  });

  it("names the firm from the site settings: its title and author follow a change of the firm's name", async () => {
    const { body: settings } = await request(app.baseUrl, 'GET', '/api/site-settings');
    const saved = await request(app.baseUrl, 'PUT', `/api/admin/site-settings/${settings.id}`, {
      cookie,
      headers: { 'if-match': `"${settings.version}"` },
      json: { ...settings, firmName: 'Harbour & Partners' },
    });
    expect({ status: saved.status, body: saved.body }).toMatchObject({ status: 200 });
    let feed: { title: { '#text': string }; author: { name: string } } | null = null;
    await eventually(async () => {
      feed = (parser.parse(await (await fetch(`${app.baseUrl}/news/feed.xml`)).text()) as { feed: NonNullable<typeof feed> }).feed;
      return feed.author.name === 'Harbour & Partners';
    }, 'the feed names the new firm');
    expect(feed!.title['#text']).toBe('Harbour & Partners: News');
  });

  it('is a route of its own among the pages: the item pages under /news are still pages', async () => {
    const { notPageSegments, servedBeforePages } = await import('../../src/http/route-table.js');
    expect(notPageSegments()).not.toContain('news');
    expect(servedBeforePages('/news/some-article')).toBe(false);
    const head = await fetch(`${app.baseUrl}/NEWS/Feed.xml`);
    expect(head.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
  });
});
