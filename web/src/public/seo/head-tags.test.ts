import { describe, expect, it } from '@jest/globals';
import type { PublicSiteQuery } from '../../graphql/generated/graphql';
import { publicSite } from '../../test/fixtures';
import { siteFrom } from '../site/site';
import { headTags } from './head-tags';
import { newsArticlesData, organizationData } from './structured-data';

const ORIGIN = 'https://www.meridian.example';

/** The demo firm's settings, with `overrides`. */
const site = (overrides: Record<string, unknown> = {}) => siteFrom(publicSite(overrides) as PublicSiteQuery);

function jsonLd(head: string): unknown[] {
  return [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

/** The head's elements, parsed as a browser would. */
function parse(head: string) {
  const doc = new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head></html>`, 'text/html');
  const meta = (property: string) => doc.querySelector(`meta[property="${property}"], meta[name="${property}"]`)?.getAttribute('content') ?? null;
  return { doc, meta };
}

describe('server-rendered head', () => {
  it('has canonical, OpenGraph and Twitter URLs from the given origin, and preloads the fonts', () => {
    const head = headTags({ title: 'Our News | Meridian Advisory', description: 'News & more' }, ORIGIN, '/news');
    expect(head).toContain('<link rel="canonical" href="https://www.meridian.example/news" />');
    expect(head).toContain('<meta property="og:url" content="https://www.meridian.example/news" />');
    expect(head).toMatch(/<meta property="og:image" content="https:\/\/www\.meridian\.example\/[^"]+" \/>/);
    expect(head).toMatch(/<meta name="twitter:image" content="https:\/\/www\.meridian\.example\/[^"]+" \/>/);
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).toContain('content="News &amp; more"');
    expect(head.match(/<link rel="preload" href="[^"]+" as="font" type="font\/woff2" crossorigin \/>/g)).toHaveLength(2);
  });

  it('gives a page of a paged list its own canonical URL and absolute rel=prev / rel=next links (none on a 404)', () => {
    const head = headTags({ title: 'Our News — page 2 of 4', description: 'd', prev: '/news', next: '/news/page/3' }, ORIGIN, '/news/page/2');
    expect(head).toContain('<link rel="canonical" href="https://www.meridian.example/news/page/2" />');
    expect(head).toContain('<link rel="prev" href="https://www.meridian.example/news" />');
    expect(head).toContain('<link rel="next" href="https://www.meridian.example/news/page/3" />');
    expect(headTags({ title: 'Our News', description: 'd' }, ORIGIN, '/news')).not.toMatch(/rel="(prev|next)"/);
    expect(headTags({ title: '404', description: '', status: 404, prev: '/news' }, ORIGIN, '/news/page/9')).not.toMatch(/rel="(prev|next)"/);
  });

  it('marks a 404 as not to be indexed, without a canonical URL or structured data', () => {
    const head = headTags({ title: '404', description: '', status: 404, structuredData: [{ type: 'NewsArticles', items: [] }, { type: 'Organization', contacts: [], sisters: [] }] }, ORIGIN, '/nope');
    expect(head).toContain('<meta name="robots" content="noindex" />');
    expect(head).not.toContain('rel="canonical"');
    expect(jsonLd(head)).toEqual([]);
  });

  it('embeds JSON-LD that parses, with "<" escaped so content cannot close the script', () => {
    const head = headTags(
      { title: 't', description: 'd', structuredData: [{ type: 'NewsArticles', items: [{ title: '</script><b>', brief: 'b', pictureUrl: '/p.png', link: null, createdAt: null }] }] },
      ORIGIN,
      '/',
    );
    expect(head).not.toContain('</script><b>');
    expect(jsonLd(head)).toEqual([expect.objectContaining({ '@type': 'NewsArticle', headline: '</script><b>', url: `${ORIGIN}/news` })]);
  });

  it("names the firm from the settings: og:site_name, og:locale in OpenGraph's form", () => {
    const { meta } = parse(headTags({ title: 'Our Team | Acme & Co', description: 'd' }, ORIGIN, '/team', site({ firmName: 'Acme & Co', locale: 'de-AT' })));
    expect(meta('og:site_name')).toBe('Acme & Co');
    expect(meta('og:locale')).toBe('de_AT');
    expect(parse(headTags({ title: 't', description: 'd' }, ORIGIN, '/team', site())).meta('og:locale')).toBe('en_US');
  });

  it("links the firm's favicon, touch icon and manifest, each address carrying the settings' version", () => {
    const { doc } = parse(headTags({ title: 't', description: 'd' }, ORIGIN, '/', site({ version: 7 })));
    const icon = doc.querySelector('link[rel="icon"]');
    expect(icon?.getAttribute('href')).toBe('/icons/favicon-32.png?v=7');
    expect(icon?.getAttribute('sizes')).toBe('32x32');
    expect(icon?.getAttribute('type')).toBe('image/png');
    expect(doc.querySelectorAll('link[rel="icon"]')).toHaveLength(1);
    expect(doc.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href')).toBe('/icons/apple-touch-icon.png?v=7');
    expect(doc.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/site.webmanifest?v=7');
  });

  it("shares a page without a picture as its generated card (1200x630, index for /), the title naming the firm as the card's text", () => {
    for (const [path, card] of [
      ['/', 'index'],
      ['/news', 'news'],
      ['/team', 'team'],
      ['/privacy-policy', 'privacy-policy'],
    ] as const) {
      const { meta } = parse(headTags({ title: `Page | Meridian Advisory`, description: 'd' }, ORIGIN, path, site()));
      expect({ path, image: meta('og:image') }).toEqual({ path, image: `${ORIGIN}/share/${card}.png` });
      expect(meta('og:image:width')).toBe('1200');
      expect(meta('og:image:height')).toBe('630');
      expect(meta('og:image:alt')).toBe('Page | Meridian Advisory');
      expect(meta('twitter:image')).toBe(`${ORIGIN}/share/${card}.png`);
      expect(meta('twitter:image:alt')).toBe('Page | Meridian Advisory');
    }
    // The not-found page has no card of its own: the home page's.
    expect(parse(headTags({ title: '404', description: '', status: 404 }, ORIGIN, '/nope', site())).meta('og:image')).toBe(`${ORIGIN}/share/index.png`);
  });

  it("uses the firm's default share image (its 1200x630 variant when uploaded) for pages without a picture, never over an item's own picture", () => {
    const uploaded = site({ shareImageUrl: '/uploads/share-w1600.png' });
    const own = parse(headTags({ title: 'News | M', description: 'd' }, ORIGIN, '/news', uploaded));
    expect(own.meta('og:image')).toBe(`${ORIGIN}/uploads/share-w1600-1200x630.jpg`);
    expect([own.meta('og:image:width'), own.meta('og:image:height'), own.meta('og:image:alt')]).toEqual(['1200', '630', 'News | M']);

    const external = parse(headTags({ title: 'News | M', description: 'd' }, ORIGIN, '/news', site({ shareImageUrl: 'https://cdn.example/share.png' })));
    expect(external.meta('og:image')).toBe('https://cdn.example/share.png');
    expect(external.meta('og:image:width')).toBeNull();
    expect(external.meta('og:image:alt')).toBe('News | M');

    const item = parse(
      headTags({ title: 'Article | M', description: 'd', image: '/uploads/a-1200x630.jpg', imageSize: { width: 1200, height: 630 }, imageAlt: 'The office' }, ORIGIN, '/news/a', uploaded),
    );
    expect(item.meta('og:image')).toBe(`${ORIGIN}/uploads/a-1200x630.jpg`);
    expect(item.meta('og:image:alt')).toBe('The office');
  });
});

describe('structured data', () => {
  it('describes the firm with logo, contact points, address and sister organisations', () => {
    const data = organizationData(ORIGIN, site({ logoUrl: '/logo.png' }), {
      website: 'https://main.example',
      contacts: [
        { type: 'email', value: 'hello@consulting.example', label: 'Email us' },
        { type: 'phone', value: '+1 555 0100', label: null },
        { type: 'address', value: '12 Example Street' },
      ],
      sisters: [{ name: 'Northwind Analytics', websiteUrl: 'https://nw.example', logoUrl: '/uploads/nw.png', description: null }],
    });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Meridian Advisory',
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/logo.png`,
      address: '12 Example Street',
      sameAs: ['https://main.example'],
      contactPoint: [
        { '@type': 'ContactPoint', contactType: 'customer service', email: 'hello@consulting.example' },
        { '@type': 'ContactPoint', contactType: 'customer service', telephone: '+1 555 0100' },
      ],
      subOrganization: [{ '@type': 'Organization', name: 'Northwind Analytics', url: 'https://nw.example', logo: `${ORIGIN}/uploads/nw.png` }],
    });
  });

  it("takes the firm's name, description, postal address and profiles from the settings; contact types are schema.org's words, never the page's labels", () => {
    const settings = site({
      firmName: 'Acme Partners',
      description: 'We plan.',
      streetAddress: 'Ringstrasse 1\nTop 4',
      postalCode: '1010',
      city: 'Vienna',
      country: 'Austria',
      linkedinUrl: 'https://www.linkedin.com/company/acme',
      githubUrl: 'https://github.com/acme',
    });
    const data = organizationData(ORIGIN, settings, {
      website: 'https://acme.example',
      contacts: [
        { type: 'email', value: 'hi@acme.example', label: 'Write to us' },
        { type: 'Phone', value: '+43 1 234', label: 'Call the office' },
        { type: 'website', value: 'https://acme.example/contact', label: 'Contact form' },
        { type: 'address', value: 'Somewhere else 5' },
      ],
      sisters: [],
    });
    expect(data).toMatchObject({
      name: 'Acme Partners',
      description: 'We plan.',
      // No logo picture: the firm's square icon.
      logo: `${ORIGIN}/icons/icon-512.png`,
      address: { '@type': 'PostalAddress', streetAddress: 'Ringstrasse 1, Top 4', postalCode: '1010', addressLocality: 'Vienna', addressCountry: 'Austria' },
      sameAs: ['https://www.linkedin.com/company/acme', 'https://github.com/acme', 'https://acme.example'],
    });
    expect((data.address as Record<string, unknown>).addressRegion).toBeUndefined();
    const points = data.contactPoint as Array<Record<string, unknown>>;
    expect(points).toHaveLength(3);
    expect(points.map((point) => point.contactType)).toEqual(['customer service', 'customer service', 'customer service']);
  });

  it('gives one NewsArticle per news item, with absolute image and the firm as publisher', () => {
    const [article, undated] = newsArticlesData(ORIGIN, site(), [
      { title: 'Office opened', brief: 'We grew.', pictureUrl: '/uploads/n.png', link: 'https://press.example/1', createdAt: '2025-01-05T10:00:00.000Z' },
      { title: 'No date', brief: 'b', pictureUrl: 'https://cdn.example/p.png', link: null, createdAt: null },
    ]);
    expect(article).toMatchObject({
      '@type': 'NewsArticle',
      headline: 'Office opened',
      image: [`${ORIGIN}/uploads/n.png`],
      url: 'https://press.example/1',
      datePublished: '2025-01-05T10:00:00.000Z',
      publisher: { '@type': 'Organization', name: 'Meridian Advisory' },
    });
    expect(undated).toMatchObject({ image: ['https://cdn.example/p.png'], url: `${ORIGIN}/news` });
    expect(undated).not.toHaveProperty('datePublished');
  });
});
