import { describe, expect, it } from '@jest/globals';
import '../../components/server-render-support';
import type { GraphQLExecutor, RenderResult } from '../../render-contract';
import { contactEntry, footerPage, landingData, publicSite, teamMember } from '../../test/fixtures';

// The firm's settings in the server-rendered page (web/src/entry-server.tsx): the language, the
// names in the head, the icons, the share image and the JSON-LD Organization, and the header and
// footer markup, on the next rendering after a change.

const { render } = await import('../../entry-server');

const ORIGIN = 'https://www.acme.example';

const ACME = {
  firmName: 'Acme Partners',
  description: 'We plan, reform and grow.',
  version: 12,
  locale: 'de-AT',
  logoUrl: '/uploads/acme.png',
  streetAddress: 'Ringstrasse 1',
  postalCode: '1010',
  city: 'Vienna',
  country: 'Austria',
  linkedinUrl: 'https://www.linkedin.com/company/acme',
};

const PRIVACY = {
  id: 4,
  title: 'Privacy policy',
  slug: 'privacy-policy',
  bodyDocument: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'We keep little.' }] }] },
  description: 'How Acme handles personal data.',
  updatedAt: '2026-03-01T03:30:00.000Z',
};

function executing(answers: Record<string, (variables: Record<string, unknown>) => unknown>): GraphQLExecutor {
  return async ({ operationName, variables }) => {
    const answer = operationName ? answers[operationName] : undefined;
    if (!answer) return { errors: [{ message: `no answer for ${operationName}` }] } as never;
    return { data: answer(variables ?? {}) as Record<string, unknown> };
  };
}

function renderPage(url: string, settings: Record<string, unknown> = ACME): Promise<RenderResult> {
  return render({
    url,
    origin: ORIGIN,
    execute: executing({
      PublicSite: () => publicSite(settings, [footerPage(4, 'Privacy policy', 'privacy-policy')]),
      SimplePage: ({ slug }) => ({ pageBySlug: slug === PRIVACY.slug ? PRIVACY : null }),
      TeamPage: () => ({ teamMembers: [teamMember(1)] }),
      LandingPage: () => landingData,
      ContactSection: () => ({ contactInfo: [contactEntry(1, 'email', 'hello@acme.example', { label: 'Write to us' }), contactEntry(2, 'phone', '+43 1 234')] }),
    }),
  });
}

function parseHead(head: string) {
  const doc = new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head><body></body></html>`, 'text/html');
  const meta = (key: string) => doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null;
  const jsonLd = [...doc.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent!) as Record<string, unknown>);
  return { doc, meta, jsonLd };
}

describe("the firm's settings in a server-rendered page", () => {
  it("a simple page: the firm's language, its name in the title and head, its icons, the page's share card and its text", async () => {
    const page = await renderPage('/privacy-policy');
    expect(page.status).toBe(200);
    expect(page.dataUnavailable).toBe(false);
    expect(page.lang).toBe('de-AT');
    const { doc, meta } = parseHead(page.head);
    expect(doc.title).toBe('Privacy policy | Acme Partners');
    expect(meta('description')).toBe('How Acme handles personal data.');
    expect(meta('og:site_name')).toBe('Acme Partners');
    expect(meta('og:locale')).toBe('de_AT');
    expect(meta('og:image')).toBe(`${ORIGIN}/share/privacy-policy.png`);
    expect([meta('og:image:width'), meta('og:image:height'), meta('og:image:alt')]).toEqual(['1200', '630', 'Privacy policy | Acme Partners']);
    expect(doc.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/icons/favicon-32.png?v=12');
    expect(doc.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href')).toBe('/icons/apple-touch-icon.png?v=12');
    expect(doc.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/site.webmanifest?v=12');
    expect(page.html).toMatch(/<h1[^>]*>Privacy policy<\/h1>/);
    expect(page.html).toContain('We keep little.');
    // Header logo, footer address and profile, footer link: all in the markup.
    expect(page.html).toMatch(/<img[^>]*src="\/uploads\/acme.png"[^>]*alt="Acme Partners"/);
    expect(page.html).toMatch(/<address[^>]*>.*Ringstrasse 1.*1010 Vienna.*Austria.*<\/address>/);
    expect(page.html).toContain('href="https://www.linkedin.com/company/acme"');
    expect(page.html).toContain('href="/privacy-policy"');
    // The settings are embedded with the page: hydration asks for nothing.
    expect(Object.keys(page.state ?? {})).toEqual(expect.arrayContaining(['PublicSite', 'SimplePage{"slug":"privacy-policy"}']));
  });

  it('an unknown slug is the not-found page (404), with the home page\'s card', async () => {
    const page = await renderPage('/no-such-page');
    expect(page.status).toBe(404);
    expect(page.html).toContain('404 Page Not Found');
    // The page says in its embedded data that it is the not-found page (the browser shows it at any path).
    expect(page.state).toMatchObject({ __notFound: true });
    expect((await renderPage('/privacy-policy')).state).not.toHaveProperty('__notFound');
    const { doc, meta } = parseHead(page.head);
    expect(doc.title).toBe('404 Page Not Found | Acme Partners');
    expect(meta('og:image')).toBe(`${ORIGIN}/share/index.png`);
  });

  it('the landing page: the Organization from the settings (PostalAddress, sameAs, contact types from the vocabulary)', async () => {
    const page = await renderPage('/');
    expect(page.status).toBe(200);
    const { doc, jsonLd, meta } = parseHead(page.head);
    expect(doc.title).toBe('Acme Partners | Clear strategy. Measurable results.');
    expect(meta('og:image')).toBe(`${ORIGIN}/share/index.png`);
    const organization = jsonLd.find((data) => data['@type'] === 'Organization')!;
    expect(organization).toMatchObject({
      name: 'Acme Partners',
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/uploads/acme.png`,
      description: 'We plan, reform and grow.',
      address: { '@type': 'PostalAddress', streetAddress: 'Ringstrasse 1', postalCode: '1010', addressLocality: 'Vienna', addressCountry: 'Austria' },
      sameAs: ['https://www.linkedin.com/company/acme', 'https://example.com'],
      contactPoint: [
        { '@type': 'ContactPoint', contactType: 'customer service', email: 'hello@acme.example' },
        { '@type': 'ContactPoint', contactType: 'customer service', telephone: '+43 1 234' },
      ],
    });
  });

  it('before the settings are first saved: the neutral defaults, in English', async () => {
    const page = await render({
      url: '/team',
      origin: ORIGIN,
      execute: executing({ PublicSite: () => ({ siteSettings: null, footerPages: [] }), TeamPage: () => ({ teamMembers: [] }) }),
    });
    expect(page.lang).toBe('en-US');
    const { doc, meta } = parseHead(page.head);
    expect(doc.title).toBe('Our Team | Your Firm');
    expect(meta('og:site_name')).toBe('Your Firm');
    expect(meta('og:locale')).toBe('en_US');
    expect(page.html).not.toContain('Meridian');
  });

  it('when the settings cannot be read, the page is not made (the server serves its last good one)', async () => {
    const page = await render({ url: '/team', origin: ORIGIN, execute: executing({ TeamPage: () => ({ teamMembers: [] }) }) });
    expect(page.dataUnavailable).toBe(true);
  });
});
