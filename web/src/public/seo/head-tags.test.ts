import { describe, expect, it } from '@jest/globals';
import { headTags } from './head-tags';
import { newsArticlesData, organizationData } from './structured-data';

const ORIGIN = 'https://www.meridian.example';

function jsonLd(head: string): unknown[] {
  return [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
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
    const head = headTags({ title: '404', description: '', status: 404, structuredData: () => [{ a: 1 }] }, ORIGIN, '/nope');
    expect(head).toContain('<meta name="robots" content="noindex" />');
    expect(head).not.toContain('rel="canonical"');
    expect(jsonLd(head)).toEqual([]);
  });

  it('embeds JSON-LD that parses, with "<" escaped so content cannot close the script', () => {
    const head = headTags(
      { title: 't', description: 'd', structuredData: (origin) => [{ '@type': 'Thing', name: '</script><b>', url: origin }] },
      ORIGIN,
      '/',
    );
    expect(head).not.toContain('</script><b>');
    expect(jsonLd(head)).toEqual([{ '@type': 'Thing', name: '</script><b>', url: ORIGIN }]);
  });
});

describe('structured data', () => {
  it('describes the firm with logo, contact points, address and sister organisations', () => {
    const data = organizationData(ORIGIN, {
      description: 'We advise.',
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
        { '@type': 'ContactPoint', contactType: 'Email us', email: 'hello@consulting.example' },
        { '@type': 'ContactPoint', contactType: 'phone', telephone: '+1 555 0100' },
      ],
      subOrganization: [{ '@type': 'Organization', name: 'Northwind Analytics', url: 'https://nw.example', logo: `${ORIGIN}/uploads/nw.png` }],
    });
  });

  it('gives one NewsArticle per news item, with absolute image and the firm as publisher', () => {
    const [article, undated] = newsArticlesData(ORIGIN, [
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
