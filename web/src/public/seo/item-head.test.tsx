import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import '../../components/server-render-support';
import type { GraphQLExecutor, RenderResult } from '../../render-contract';
import { publicSite } from '../../test/fixtures';

// The head of an item's own page as the server renders it (web/src/entry-server.tsx), its OpenGraph
// tags and JSON-LD checked against JSON Schemas (./schemas): ogp.me's required properties and
// types, Google's article structured data.

const { render } = await import('../../entry-server');

const ORIGIN = 'https://www.meridian.example';

const ajv = new Ajv({ allErrors: true, strict: true, coerceTypes: false });
addFormats(ajv);
const schema = (name: string): ValidateFunction => ajv.compile(JSON.parse(readFileSync(new URL(`./schemas/${name}`, import.meta.url), 'utf8')) as object);
const validOpenGraph = schema('opengraph-article.schema.json');
const validNewsArticle = schema('news-article.schema.json');
const validCreativeWork = schema('creative-work.schema.json');

/** Valid against the schema, or the schema's complaints (the test's failure message). */
function expectValid(validate: ValidateFunction, data: unknown) {
  expect(validate(data) ? [] : validate.errors).toEqual([]);
}

function article(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    slug: 'office-opened-in-freedonia',
    title: 'Office opened in Freedonia',
    brief: 'We grew into a new country.',
    pictureUrl: '/uploads/office-w1600.jpg',
    altText: 'The new office',
    createdAt: '2025-01-05T10:00:00.000Z',
    updatedAt: '2025-02-01T08:30:00.000Z',
    contentDocument: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'The body.' }] }] },
    link: null,
    pageTitle: null,
    pageDescription: null,
    previous: null,
    next: { slug: 'newer-news', title: 'Newer news' },
    ...overrides,
  };
}

function projectItem(overrides: Record<string, unknown> = {}) {
  return {
    id: 3,
    slug: 'tax-reform',
    title: 'Tax reform',
    brief: 'A reform programme.',
    pictureUrl: '/uploads/tax.png',
    altText: null,
    country: 'Freedonia',
    updatedAt: '2025-02-01T08:30:00.000Z',
    storyDocument: null,
    pageTitle: null,
    pageDescription: null,
    previous: null,
    next: null,
    ...overrides,
  };
}

/** An executor answering the page queries by operation name (what the server's schema would). */
function executing(answers: Record<string, (variables: Record<string, unknown>) => unknown>): GraphQLExecutor {
  return async ({ operationName, variables }) => {
    const answer = operationName ? answers[operationName] : undefined;
    if (!answer) return { errors: [{ message: `no answer for ${operationName}` }] } as never;
    return { data: answer(variables ?? {}) as Record<string, unknown> };
  };
}

/** The demo firm's settings, as the layout asks for them with every page (its logo: /logo.png). */
const SITE = publicSite({ logoUrl: '/logo.png' });

async function renderPage(url: string, answers: Record<string, (variables: Record<string, unknown>) => unknown>): Promise<RenderResult> {
  return render({ url, origin: ORIGIN, execute: executing({ PublicSite: () => SITE, ...answers }) });
}

function parseHead(head: string) {
  const doc = new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head><body></body></html>`, 'text/html');
  const openGraph: Record<string, string | number> = {};
  for (const meta of doc.querySelectorAll('meta[property]')) {
    const property = meta.getAttribute('property')!;
    const content = meta.getAttribute('content') ?? '';
    expect(openGraph).not.toHaveProperty([property]);
    // A structured property's integer (og:image:width) is a number; anything else stays a string.
    openGraph[property] = /^og:image:(width|height)$/.test(property) && /^\d+$/.test(content) ? Number(content) : content;
  }
  const jsonLd = [...doc.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent!) as Record<string, unknown>);
  return { doc, openGraph, jsonLd, title: doc.title, description: doc.querySelector('meta[name="description"]')?.getAttribute('content') };
}

describe("an article's server-rendered page", () => {
  it('has its own title and description, canonical URL, OpenGraph article tags with the 1200x630 picture and a NewsArticle, all valid', async () => {
    const page = await renderPage('/news/office-opened-in-freedonia', { ArticlePage: ({ slug }) => ({ newsItemBySlug: slug === 'office-opened-in-freedonia' ? article() : null }) });
    expect(page.status).toBe(200);
    expect(page.dataUnavailable).toBe(false);
    const { doc, openGraph, jsonLd, title, description } = parseHead(page.head);
    expect(title).toBe('Office opened in Freedonia | Meridian Advisory');
    expect(description).toBe('We grew into a new country.');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/news/office-opened-in-freedonia`);
    expect(openGraph).toMatchObject({
      'og:type': 'article',
      'og:url': `${ORIGIN}/news/office-opened-in-freedonia`,
      'og:image': `${ORIGIN}/uploads/office-w1600-1200x630.jpg`,
      'og:image:width': 1200,
      'og:image:height': 630,
      'og:image:alt': 'The new office',
      'article:published_time': '2025-01-05T10:00:00.000Z',
      'article:modified_time': '2025-02-01T08:30:00.000Z',
    });
    expectValid(validOpenGraph, openGraph);

    const feed = doc.querySelector('link[rel="alternate"][type="application/atom+xml"]');
    expect(feed?.getAttribute('href')).toBe(`${ORIGIN}/news/feed.xml`);
    expect(feed?.getAttribute('title')).toBe('Meridian Advisory news');
    // The picture is preloaded as the responsive image it is shown as.
    expect(doc.querySelector('link[rel="preload"][as="image"]')?.getAttribute('imagesrcset')).toContain('/uploads/office-w1600-1280.avif 1280w');

    expect(jsonLd).toHaveLength(1);
    const [data] = jsonLd;
    expectValid(validNewsArticle, data);
    expect(data).toMatchObject({
      '@type': 'NewsArticle',
      headline: 'Office opened in Freedonia',
      image: [`${ORIGIN}/uploads/office-w1600-1200x630.jpg`, `${ORIGIN}/uploads/office-w1600.jpg`],
      datePublished: '2025-01-05T10:00:00.000Z',
      dateModified: '2025-02-01T08:30:00.000Z',
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${ORIGIN}/news/office-opened-in-freedonia` },
      author: { '@type': 'Organization', name: 'Meridian Advisory' },
      publisher: { '@type': 'Organization', name: 'Meridian Advisory', logo: `${ORIGIN}/logo.png` },
    });

    // The share links name the page at the site's public origin.
    expect(page.html).toContain(`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(`${ORIGIN}/news/office-opened-in-freedonia`)}`);
    expect(page.html).not.toContain('<script');
  });

  it("uses the item's page title and description when given, and a long title's headline is cut to 110 characters", async () => {
    const long = `${'A very long headline '.repeat(8)}end`;
    const page = await renderPage('/news/office-opened-in-freedonia', {
      ArticlePage: () => ({ newsItemBySlug: article({ title: long, pageTitle: 'Our new office', pageDescription: 'Why we opened in Freedonia.' }) }),
    });
    const { openGraph, jsonLd, title, description } = parseHead(page.head);
    expect(title).toBe('Our new office | Meridian Advisory');
    expect(description).toBe('Why we opened in Freedonia.');
    expect(openGraph['og:title']).toBe('Our new office | Meridian Advisory');
    expect((jsonLd[0].headline as string).length).toBe(110);
    expectValid(validNewsArticle, jsonLd[0]);
  });

  it('answers 404 with the not-found page for an unknown slug', async () => {
    const page = await renderPage('/news/no-such-article', { ArticlePage: () => ({ newsItemBySlug: null }) });
    expect(page.status).toBe(404);
    expect(page.head).toContain('<meta name="robots" content="noindex" />');
    expect(page.html).toContain('404 Page Not Found');
    expect(parseHead(page.head).jsonLd).toEqual([]);
  });

  it('a picture from elsewhere is its own link preview, without a size the site cannot know', async () => {
    const page = await renderPage('/news/office-opened-in-freedonia', { ArticlePage: () => ({ newsItemBySlug: article({ pictureUrl: 'https://cdn.example/p.png' }) }) });
    const { openGraph, jsonLd } = parseHead(page.head);
    expect(openGraph['og:image']).toBe('https://cdn.example/p.png');
    expect(openGraph).not.toHaveProperty(['og:image:width']);
    expectValid(validOpenGraph, openGraph);
    expect(jsonLd[0].image).toEqual(['https://cdn.example/p.png']);
  });
});

describe("a project's server-rendered page", () => {
  it('has OpenGraph article tags and a CreativeWork, both valid', async () => {
    const page = await renderPage('/clients/tax-reform', { ProjectPage: () => ({ clientBySlug: projectItem() }) });
    expect(page.status).toBe(200);
    const { openGraph, jsonLd, title, doc } = parseHead(page.head);
    expect(title).toBe('Tax reform | Meridian Advisory');
    expect(openGraph).toMatchObject({ 'og:type': 'article', 'og:image': `${ORIGIN}/uploads/tax-1200x630.jpg`, 'og:image:width': 1200, 'og:image:height': 630 });
    expectValid(validOpenGraph, openGraph);
    expectValid(validCreativeWork, jsonLd[0]);
    expect(jsonLd[0]).toMatchObject({ '@type': 'CreativeWork', name: 'Tax reform', url: `${ORIGIN}/clients/tax-reform`, contentLocation: { name: 'Freedonia' } });
    // Projects have no feed.
    expect(doc.querySelector('link[rel="alternate"]')).toBeNull();
  });
});

describe('the news list', () => {
  it('names the feed and points the NewsArticle of an item without an external link to its own page', async () => {
    const item = (id: number, link: string | null) => ({ ...article({ id, slug: `news-${id}`, title: `News ${id}`, link }), content: null, featured: false });
    const page = await renderPage('/news', { NewsPage: () => ({ news: [item(1, null), item(2, 'https://press.example/2')], newsCount: 2 }) });
    const { doc, jsonLd } = parseHead(page.head);
    expect(doc.querySelector('link[rel="alternate"][type="application/atom+xml"]')?.getAttribute('href')).toBe(`${ORIGIN}/news/feed.xml`);
    expect(jsonLd[0]).toMatchObject({ url: `${ORIGIN}/news/news-1`, mainEntityOfPage: `${ORIGIN}/news/news-1` });
    expect(jsonLd[1]).toMatchObject({ url: 'https://press.example/2', mainEntityOfPage: `${ORIGIN}/news` });
    expect(page.html).toContain('href="/news/news-1"');
  });
});

describe('the schemas', () => {
  it('refuse what the requirements rule out (they are not vacuous)', () => {
    const og: Record<string, unknown> = { 'og:title': 't', 'og:type': 'article', 'og:image': `${ORIGIN}/a.jpg`, 'og:url': `${ORIGIN}/news/a` };
    expect(validOpenGraph(og)).toBe(true);
    for (const key of ['og:title', 'og:type', 'og:image', 'og:url']) {
      const { [key]: _left, ...rest } = og;
      expect(validOpenGraph(rest)).toBe(false);
    }
    expect(validOpenGraph({ ...og, 'og:image:width': '1200', 'og:image:height': 630 })).toBe(false);
    expect(validOpenGraph({ ...og, 'og:image:width': 12.5, 'og:image:height': 630 })).toBe(false);
    expect(validOpenGraph({ ...og, 'article:published_time': 'Jan 5, 2025' })).toBe(false);
    expect(validOpenGraph({ ...og, 'og:image': '/relative.jpg' })).toBe(false);

    const news = {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'h',
      image: [`${ORIGIN}/a.jpg`],
      datePublished: '2025-01-05T10:00:00.000Z',
      dateModified: '2025-01-05T10:00:00.000Z',
      mainEntityOfPage: `${ORIGIN}/news/a`,
      author: { '@type': 'Organization', name: 'Meridian Advisory' },
      publisher: { '@type': 'Organization', name: 'Meridian Advisory', logo: `${ORIGIN}/logo.png` },
    };
    expect(validNewsArticle(news)).toBe(true);
    expect(validNewsArticle({ ...news, headline: 'x'.repeat(111) })).toBe(false);
    expect(validNewsArticle({ ...news, image: `${ORIGIN}/a.jpg` })).toBe(false);
    expect(validNewsArticle({ ...news, datePublished: '5 January 2025' })).toBe(false);
    expect(validNewsArticle({ ...news, author: { '@type': 'Organization' } })).toBe(false);
    expect(validNewsArticle({ ...news, publisher: { '@type': 'Organization', name: 'M' } })).toBe(false);

    const work = { '@context': 'https://schema.org', '@type': 'CreativeWork', name: 'n', url: `${ORIGIN}/clients/n`, image: [`${ORIGIN}/a.jpg`] };
    expect(validCreativeWork(work)).toBe(true);
    expect(validCreativeWork({ ...work, name: undefined })).toBe(false);
    expect(validCreativeWork({ ...work, url: '/clients/n' })).toBe(false);
  });
});
