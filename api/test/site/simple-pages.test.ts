import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { RESERVED_PAGE_SLUGS, RESERVED_SLUGS } from '@consulting/model';
import { isReservedPageSlug, reserveSiteSegments } from '../../src/content/pages/reserved-slugs.js';
import { notPageSegments } from '../../src/http/route-table.js';
import { PUBLIC_PAGE_PATHS } from '../../src/seo/seo-files.js';
import { itemPathOf, itemPagesOf, type ItemPages } from '../../src/site/item-pages.js';
import { needsItemPages, pageTarget } from '../../src/site/page-paths.js';
import { siteSegments } from '../../src/site/site-segments.js';
import { fakeRenders, startPagesApp } from '../helpers/fixtures/web-dist.js';
import { graphqlClient } from '../helpers/graphql.js';
import { request } from '../helpers/http.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// Simple pages (the model's `pages`, `page: { path: '' }`): each published page at /<slug>, from
// the read cache; other spellings and former slugs 301 to it (one hop); an unknown slug is the one
// not-found page; the sitemap lists them. A slug never takes a first path segment the site uses
// (the model's list, the route table's, the public pages', the web app's root files'): refused with
// a field message on every write (REST and GraphQL, saves, drafts, publishing), skipped when a slug
// is made from a title. The pages list filters by where a page is linked (`linkedFrom`).

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const at = new Date('2026-11-20T10:00:00Z');
const ORIGIN = 'https://www.meridian.example';
/** The built web app's root files, as the app reserves them (site/mount.ts). */
const WEB_CLIENT = fileURLToPath(new URL('../../../web/dist/client/', import.meta.url));

/** A segment only the route table knows: not in the model's static lists. */
const ROUTE_ONLY = 'readyz';

describe('simple page paths (pure)', () => {
  reserveSiteSegments(siteSegments(path.join(WEB_CLIENT)));
  const items: ItemPages = itemPagesOf([
    { list: '/news', items: [{ id: 1, slug: 'big-win', updatedAt: at }], moved: [] },
    {
      list: '',
      items: [
        { id: 2, slug: 'privacy-policy', updatedAt: at },
        // Written around the rules (by hand in the database): never a page, the route or fixed page wins.
        { id: 3, slug: 'team', updatedAt: at },
        { id: 4, slug: ROUTE_ONLY, updatedAt: at },
      ],
      moved: [{ oldSlug: 'data-protection', slug: 'privacy-policy' }],
    },
  ]);

  it('a published page is at /<slug>; other spellings 301 to it; a former slug 301s to the page now, in one hop', () => {
    expect(pageTarget('/privacy-policy', null, items)).toEqual({ kind: 'page', path: '/privacy-policy' });
    for (const spelling of ['/Privacy-Policy', '/PRIVACY-POLICY/', '/privacy-policy/', '//privacy-policy', '/%70rivacy-policy', '/x/../privacy-policy']) {
      expect({ spelling, target: pageTarget(spelling, null, items) }).toEqual({ spelling, target: { kind: 'redirect', location: '/privacy-policy' } });
    }
    expect(pageTarget('/data-protection', null, items)).toEqual({ kind: 'redirect', location: '/privacy-policy', moved: true });
    expect(pageTarget('/Data-Protection/', null, items)).toEqual({ kind: 'redirect', location: '/privacy-policy', moved: true });
  });

  it('fixed pages and routes win over a page with their slug; unknown slugs are not found; news items are unaffected', () => {
    expect(pageTarget('/team', null, items)).toEqual({ kind: 'page', path: '/team' });
    expect(items.pages.has('/team')).toBe(false);
    expect(items.pages.has(`/${ROUTE_ONLY}`)).toBe(false);
    expect(itemPathOf(`/${ROUTE_ONLY}`)).toBeNull();
    expect(pageTarget('/no-such-page', null, items)).toEqual({ kind: 'not-found' });
    expect(pageTarget('/news/big-win', null, items)).toEqual({ kind: 'page', path: '/news/big-win' });
    expect(pageTarget('/news', null, items)).toEqual({ kind: 'page', path: '/news' });
    // Undecided until the index is known, for a path that could be a page only.
    expect(pageTarget('/privacy-policy', null, null)).toBeNull();
    expect(needsItemPages('/anything')).toBe(true);
    expect(needsItemPages('/news')).toBe(false);
    expect(needsItemPages('/a.b')).toBe(false);
  });

  it('fast-check: a slug is reserved exactly when the model, the route table, the public pages or the web root name it (bounded, seeded)', () => {
    const known = new Set([...RESERVED_PAGE_SLUGS, ...RESERVED_SLUGS, ...notPageSegments(), ...PUBLIC_PAGE_PATHS.map((page) => page.slice(1)), ...siteSegments(WEB_CLIENT)].filter((segment) => segment !== ''));
    expect(known.has(ROUTE_ONLY) && !RESERVED_PAGE_SLUGS.includes(ROUTE_ONLY)).toBe(true);
    const slug = fc.oneof(fc.constantFrom(...known), fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,6}){0,2}$/));
    fc.assert(
      fc.property(slug, (candidate) => {
        expect({ candidate, reserved: isReservedPageSlug(candidate) }).toEqual({ candidate, reserved: known.has(candidate) });
        // Reserved: never an item page's path; else one of the simple pages'.
        expect({ candidate, page: itemPathOf(`/${candidate}`) !== null }).toEqual({ candidate, page: !known.has(candidate) && !RESERVED_SLUGS.includes(candidate) });
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});

/** A GET sent with the path exactly as given (fetch would normalise it). */
function getRaw(baseUrl: string, rawPath: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ host: url.hostname, port: url.port, path: rawPath, agent: false }, (res) => {
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

type Json = Record<string, unknown>;

describe('simple pages served and written (a real database, a fake web build)', () => {
  const session = {} as { app: TestApp };
  const { gql } = graphqlClient(session);
  let app: TestApp;
  let cookie: string;
  let pages: Awaited<ReturnType<typeof startPagesApp>>;
  const get = (rawPath: string) => getRaw(pages.baseUrl, rawPath);
  const answers = (rawPath: string, status: number) => eventually(async () => (await get(rawPath)).status === status, `${rawPath} answers ${status}`);
  const beforeExpress = (answer: { headers: http.IncomingHttpHeaders }) => answer.headers['x-powered-by'] === undefined;
  const page = (fields: Json = {}) => ({ title: 'Our approach', description: 'How the firm works.', body: 'We listen first.', linkedFrom: 'footer', ...fields });
  const create = (fields: Json) => request(app.baseUrl, 'POST', '/api/admin/pages', { cookie, json: page(fields) });
  let approach: Json;

  beforeAll(async () => {
    app = await startTestApp({ publicUrl: ORIGIN });
    session.app = app;
    cookie = await app.login();
    pages = await startPagesApp(app.deps);
    const created = await create({});
    expect(created.status).toBe(201);
    approach = created.body as Json;
  }, 60_000);
  afterAll(async () => {
    await pages?.close();
    await app?.close();
  });

  it('a created (published) page is served at /<slug>: rendered once, then from the read cache before Express', async () => {
    expect(approach.slug).toBe('our-approach');
    await answers('/our-approach', 200);
    const from = fakeRenders().length;
    const reply = await get('/our-approach');
    const again = await get('/our-approach');
    expect({ status: reply.status, body: again.text.includes('<main>page our-approach</main>') }).toEqual({ status: 200, body: true });
    expect({ cache: again.headers['x-render-cache'], beforeExpress: beforeExpress(again) }).toEqual({ cache: 'hit', beforeExpress: true });
    expect(fakeRenders().slice(from).filter((url) => url === '/our-approach').length).toBeLessThanOrEqual(1);
  });

  it('other spellings 301 to the page; a renamed page\'s old slug 301s to its new address in one hop', async () => {
    for (const [raw, location] of [
      ['/Our-Approach', '/our-approach'],
      ['/our-approach/', '/our-approach'],
      ['/%6Fur-approach?utm=x', '/our-approach?utm=x'],
    ]) {
      const reply = await get(raw);
      expect({ raw, status: reply.status, location: reply.headers.location }).toEqual({ raw, status: 301, location });
    }
    const renamed = await request(app.baseUrl, 'PUT', `/api/admin/pages/${approach.id}`, { cookie, json: page({ slug: 'how-we-work' }) });
    expect(renamed.status).toBe(200);
    await answers('/how-we-work', 200);
    for (const raw of ['/our-approach', '/Our-Approach/']) {
      const reply = await get(raw);
      expect({ raw, status: reply.status, location: reply.headers.location }).toEqual({ raw, status: 301, location: '/how-we-work' });
    }
  });

  it("an unknown slug is the one not-found page (404, rendered at one URL, kept under one key)", async () => {
    await get('/no-such-page');
    const from = fakeRenders().length;
    for (const raw of ['/no-such-page', '/another-missing-one', '/Not-There/']) {
      const reply = await get(raw);
      expect({ raw, status: reply.status, notFound: reply.text.includes('<main>Not found</main>') }).toEqual({ raw, status: 404, notFound: true });
    }
    // No render of its own: the not-found page was rendered (at /404) at most once for this revision.
    expect(fakeRenders().slice(from).filter((url) => url !== '/404')).toEqual([]);
  });

  it('the sitemap lists the page with when it last changed', async () => {
    let text = '';
    await eventually(async () => {
      text = await (await fetch(`${app.baseUrl}/sitemap.xml`)).text();
      return text.includes(`<loc>${ORIGIN}/how-we-work</loc>`);
    }, 'the sitemap lists the page');
    expect(text).toMatch(new RegExp(`<loc>${ORIGIN}/how-we-work</loc>\\n    <lastmod>\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z</lastmod>`));
    expect(text).not.toContain(`${ORIGIN}/our-approach<`);
  });

  it('GraphQL pageBySlug gives the page with its document and HTML; an old or unknown slug gives null', async () => {
    const query = 'query ($slug: String!) { pageBySlug(slug: $slug) { id title slug description linkedFrom bodyDocument bodyHtml updatedAt } }';
    const found = await gql(query, { slug: 'how-we-work' });
    expect(found.data?.pageBySlug).toMatchObject({
      id: approach.id,
      title: 'Our approach',
      slug: 'how-we-work',
      linkedFrom: 'footer',
      bodyDocument: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'We listen first.' }] }] },
      bodyHtml: '<p>We listen first.</p>',
    });
    expect((await gql(query, { slug: 'our-approach' })).data?.pageBySlug).toBeNull();
    expect((await gql(query, { slug: 'Not A Slug' })).data?.pageBySlug).toBeNull();
  });

  const TAKEN = ['team', 'news', 'clients', 'admin', 'api', 'graphql', 'uploads', 'assets', ROUTE_ONLY];

  it('REST: a slug the site uses is refused with a field message on create and update', async () => {
    expect(RESERVED_PAGE_SLUGS).not.toContain(ROUTE_ONLY);
    for (const slug of TAKEN) {
      const created = await create({ title: `Page ${slug}`, slug });
      expect({ slug, status: created.status, field: (created.body.errors as Json[] | undefined)?.[0]?.field }).toEqual({ slug, status: 400, field: 'slug' });
      expect(String((created.body.errors as Json[])[0].message)).toContain(`"${slug}"`);
      const updated = await request(app.baseUrl, 'PUT', `/api/admin/pages/${approach.id}`, { cookie, json: page({ slug }) });
      expect({ slug, status: updated.status, field: (updated.body.errors as Json[] | undefined)?.[0]?.field }).toEqual({ slug, status: 400, field: 'slug' });
    }
    const routeOnly = await create({ slug: ROUTE_ONLY });
    expect(routeOnly.body).toEqual({
      message: 'Validation failed',
      errors: [{ field: 'slug', message: `Slug "${ROUTE_ONLY}" is taken by the site's own address /${ROUTE_ONLY}; choose another` }],
    });
  });

  it('drafts: a reserved slug is refused when a draft is started or saved (REST), and on publishing a draft that holds one', async () => {
    const started = await request(app.baseUrl, 'POST', '/api/admin/pages/drafts', { cookie, json: { title: 'Draft page', slug: ROUTE_ONLY } });
    expect({ status: started.status, errors: started.body.errors }).toEqual({
      status: 400,
      errors: [{ field: 'slug', message: `Slug "${ROUTE_ONLY}" is taken by the site's own address /${ROUTE_ONLY}; choose another` }],
    });
    const draft = await request(app.baseUrl, 'POST', '/api/admin/pages/drafts', { cookie, json: { title: 'Draft page', description: 'A draft.' } });
    expect(draft.status).toBe(201);
    const id = Number(draft.body.id ?? draft.body.recordId);
    const saved = await request(app.baseUrl, 'PUT', `/api/admin/pages/${id}/draft`, { cookie, json: { title: 'Draft page', slug: 'graphql' } });
    expect({ status: saved.status, field: (saved.body.errors as Json[] | undefined)?.[0]?.field }).toEqual({ status: 400, field: 'slug' });
    // A draft that holds one anyway (written before the route existed): publishing it is refused.
    await app.orm.em
      .fork()
      .getConnection()
      .execute(`update content_draft set values = jsonb_set(values, '{slug}', to_jsonb(?::text)) where collection = 'pages' and record_id = ?`, [ROUTE_ONLY, id]);
    const published = await request(app.baseUrl, 'POST', `/api/admin/pages/${id}/publish`, { cookie });
    expect({ status: published.status, errors: published.body.errors }).toEqual({
      status: 400,
      errors: [{ field: 'slug', message: `Slug "${ROUTE_ONLY}" is taken by the site's own address /${ROUTE_ONLY}; choose another` }],
    });
  });

  it('GraphQL: createPage, updatePage and createPageDraft refuse a reserved slug with BAD_USER_INPUT on slug', async () => {
    const input = { title: 'Via GraphQL', description: 'A page.', linkedFrom: 'none' };
    for (const slug of ['graphql', 'uploads', ROUTE_ONLY]) {
      const created = await gql('mutation ($input: PageInput!) { createPage(input: $input) { id slug } }', { input: { ...input, slug } }, cookie);
      const updated = await gql('mutation ($id: Int!, $input: PageInput!) { updatePage(id: $id, input: $input) { id } }', { id: approach.id, input: { ...input, slug } }, cookie);
      const drafted = await gql('mutation ($input: PageDraftInput!) { createPageDraft(input: $input) { recordId } }', { input: { title: 'Draft', slug } }, cookie);
      for (const [what, answer] of [['create', created], ['update', updated], ['draft', drafted]] as const) {
        const error = answer.errors?.[0];
        expect({ slug, what, code: error?.extensions?.code, errors: error?.extensions?.errors }).toEqual({
          slug,
          what,
          code: 'BAD_USER_INPUT',
          errors: [{ field: 'slug', message: expect.stringContaining(`"${slug}"`) }],
        });
      }
    }
  });

  it('a slug made from a title skips the reserved ones: "News" -> news-2, "Readyz" -> readyz-2', async () => {
    for (const [title, slug] of [
      ['News', 'news-2'],
      ['Readyz', `${ROUTE_ONLY}-2`],
      ['GraphQL', 'graphql-2'],
    ]) {
      const created = await create({ title });
      expect({ title, status: created.status, slug: created.body.slug }).toEqual({ title, status: 201, slug });
    }
  });

  it('lists filter by where a page is linked: REST ?linkedFrom= and GraphQL pages(linkedFrom:); a bad value is a 400 with a message', async () => {
    const hidden = await create({ title: 'Unlisted note', linkedFrom: 'none' });
    expect(hidden.status).toBe(201);
    const footer = await request(app.baseUrl, 'GET', '/api/pages?linkedFrom=footer');
    expect(footer.status).toBe(200);
    const footerSlugs = (footer.body as unknown as Json[]).map((row) => row.slug);
    expect(footerSlugs).toContain('how-we-work');
    expect(footerSlugs).not.toContain('unlisted-note');
    expect((footer.body as unknown as Json[]).every((row) => row.linkedFrom === 'footer')).toBe(true);
    const none = await request(app.baseUrl, 'GET', '/api/pages?linkedFrom=none');
    expect((none.body as unknown as Json[]).map((row) => row.slug)).toEqual(['unlisted-note']);
    expect(none.headers.get('x-total-count')).toBe('1');
    const bad = await request(app.baseUrl, 'GET', '/api/pages?linkedFrom=header');
    expect({ status: bad.status, errors: bad.body.errors }).toEqual({ status: 400, errors: [{ field: 'linkedFrom', message: 'linkedFrom must be one of: footer, none' }] });

    const listed = await gql('{ pages(linkedFrom: footer) { id title slug } pagesCount(linkedFrom: none) }');
    expect(listed.errors).toBeUndefined();
    const slugs = (listed.data?.pages as Json[]).map((row) => row.slug);
    expect(slugs).toContain('how-we-work');
    expect(slugs).not.toContain('unlisted-note');
    expect(listed.data?.pagesCount).toBe(1);
    const wrong = await gql('{ pages(linkedFrom: header) { id } }');
    expect(wrong.status).toBe(400);
    expect(wrong.errors?.[0]?.message).toMatch(/PageLinkPlace/);
  });
});
