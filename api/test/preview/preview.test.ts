import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { User } from '../../src/auth/user.entity.js';
import { publication } from '../../src/content/publication/publication.service.js';
import { collections } from '../../src/content/registry.js';
import { PREVIEW_ROOT } from '../../src/shared/url-paths.js';
import { graphqlClient } from '../helpers/graphql.js';
import { fillCollection } from '../helpers/fill-content.js';
import { signedInApp } from '../helpers/signed-in-app.js';
import { pageData, previewWebDist } from './preview-web-dist.js';

// Previews rendered by the server: a record's public page with its draft applied, for signed-in
// staff, with a banner, noindex and no-store; while the public page, its cache entry and the public
// REST and GraphQL reads stay exactly the published content, before and after.

const dist = previewWebDist();
afterAll(() => dist.remove());
const session = signedInApp({}, { webDist: dist.dir });
const { gql, rest } = graphqlClient(session);
const news = collections.find((c) => c.path === 'news')!;

async function adminCaller() {
  const user = await session.app.orm.em.fork().findOneOrFail(User, { username: 'admin' });
  return { userId: user.id };
}

/** 14 published articles: /news has two pages. */
beforeAll(async () => {
  await fillCollection(session.app.orm, 'news', { count: 14 });
});

async function get(path: string, cookie?: string) {
  const response = await fetch(`${session.app.baseUrl}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

type Card = { id: number; title: string };
const titlesOf = (html: string) => ((pageData(html).data.news as Card[]) ?? []).map((card) => card.title);

/**
 * The public /news from the cache: asked until two answers in a row are hits of the same bytes
 * (the revision of the articles filled in beforeAll may reach the read cache's feed a moment late).
 */
async function publicNews() {
  let previous = await get('/news');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const answer = await get('/news');
    if (answer.headers.get('x-render-cache') === 'hit' && answer.body === previous.body) return answer;
    previous = answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('/news never settled in the read cache');
}

describe('a preview of a changed news article', () => {
  it('shows the draft on its page while the public page, its cache entry and the public reads stay published', async () => {
    const [first] = (await news.service.list(session.app.orm.em.fork(), { limit: 1 })) as Card[];
    const before = await publicNews();
    expect(before.headers.get('x-render-cache')).toBe('hit');
    expect(titlesOf(before.body)).toContain(first.title);

    await publication.saveDraft(session.app.orm.em.fork(), 'news', first.id, { title: 'Draft headline: merger agreed' }, await adminCaller());

    const preview = await get(`${PREVIEW_ROOT}/news/${first.id}`, session.cookie);
    expect(preview.status).toBe(200);
    const shown = pageData(preview.body);
    expect(shown.url).toBe('/news');
    expect(titlesOf(preview.body)[0]).toBe('Draft headline: merger agreed');
    expect(titlesOf(preview.body)).not.toContain(first.title);
    // The same number of cards and the same total: the record took its own place.
    expect(titlesOf(preview.body)).toHaveLength(titlesOf(before.body).length);
    expect(shown.data.newsCount).toBe(pageData(before.body).data.newsCount);

    // Headers and head: private, never stored, never indexed; the banner; no scripts.
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(preview.headers.get('x-robots-tag')).toBe('noindex');
    expect(preview.headers.get('x-render-cache')).toBe('bypass');
    expect(preview.body).toContain('<meta name="robots" content="noindex" />');
    expect(preview.body).toContain('<aside aria-label="Preview"><h2>Preview of unpublished changes</h2><p>Draft headline: merger agreed</p>');
    expect(preview.body).not.toMatch(/<script type="module"|modulepreload|id="page-data"/);
    // A page's header policy (framed by the site only), as the public pages have.
    expect(preview.headers.get('x-frame-options')).toBe('SAMEORIGIN');

    // The public side: the same cached bytes, and published reads everywhere.
    const after = await get('/news');
    expect(after.headers.get('x-render-cache')).toBe('hit');
    expect(after.body).toBe(before.body);
    expect(after.body).not.toContain('Draft headline');
    const item = await rest('GET', `/api/news/${first.id}`);
    expect((item.body as Card).title).toBe(first.title);
    const read = await gql(`{ newsItem(id: ${first.id}) { title } news(limit: 3) { title } }`);
    expect(JSON.stringify(read.data)).not.toContain('Draft headline');
    expect((read.data!.newsItem as Card).title).toBe(first.title);
    // A signed-in read of the public page is the public page too.
    expect((await get('/news', session.cookie)).body).not.toContain('Draft headline');
  });

  it('of a singleton: the landing page with the draft, the public landing page unchanged', async () => {
    const em = session.app.orm.em.fork();
    const [landing] = await em.getConnection().execute<{ id: number; hero_tagline: string }[]>('select id, hero_tagline from landing_content limit 1');
    await publication.saveDraft(session.app.orm.em.fork(), 'landing-content', landing.id, { heroTagline: 'A tagline in review' }, await adminCaller());
    const preview = await get(`${PREVIEW_ROOT}/landing-content/${landing.id}`, session.cookie);
    expect(preview.status).toBe(200);
    const { url, data } = pageData(preview.body);
    expect(url).toBe('/');
    expect((data.landingContent as { heroTagline: string }).heroTagline).toBe('A tagline in review');
    const home = await get('/');
    expect(pageData(home.body).data.landingContent).toEqual({ id: landing.id, heroTagline: landing.hero_tagline });
  });
});

describe('a never-published news article', () => {
  it('appears on its list page where it would go (here last), with the count one more, in the preview only', async () => {
    // Its place: after the 14 published ones (display orders 1..14).
    const made = await publication.createDraft(session.app.orm.em.fork(), 'news', { title: 'Not yet announced', brief: 'Soon.', displayOrder: 1000 }, await adminCaller());
    const publicPage = await get('/news');
    const published = pageData(publicPage.body).data.newsCount as number;

    const preview = await get(`${PREVIEW_ROOT}/news/${made.recordId}`, session.cookie);
    expect(preview.status).toBe(200);
    const { url, data } = pageData(preview.body);
    // Its page: the one holding its place.
    const lastPage = Math.floor(published / 12) + 1;
    expect(url).toBe(lastPage === 1 ? '/news' : `/news/page/${lastPage}`);
    expect(data.newsCount).toBe(published + 1);
    expect(titlesOf(preview.body).at(-1)).toBe('Not yet announced');
    expect(preview.body).toContain('<h2>Preview — not published yet</h2><p>Not yet announced</p>');

    expect((await get('/news')).body).not.toContain('Not yet announced');
    const read = await gql('{ newsCount news { title } }');
    expect(read.data!.newsCount).toBe(published);
    expect(JSON.stringify(read.data)).not.toContain('Not yet announced');
    expect((await rest('GET', `/api/news/${made.recordId}`)).status).toBe(404);
  });
});

describe('who may preview', () => {
  it('a signed-out browser gets a sign-in page (still 401) that comes back to the preview; other clients keep JSON', async () => {
    const [first] = (await news.service.list(session.app.orm.em.fork(), { limit: 1 })) as Card[];
    const path = `${PREVIEW_ROOT}/news/${first.id}?from=mail`;
    const page = await fetch(`${session.app.baseUrl}${path}`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }, redirect: 'manual' });
    expect(page.status).toBe(401);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const body = await page.text();
    expect(body).toContain('Sign in to see this preview');
    expect(body).toContain(`href="/admin/login?next=${encodeURIComponent(path)}"`);
    const api = await fetch(`${session.app.baseUrl}${path}`, { headers: { accept: 'application/json' } });
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ message: 'Unauthorized' });
  });


  it('anonymous: 401 before anything is read; unknown types and records: a 404 page', async () => {
    const [first] = (await news.service.list(session.app.orm.em.fork(), { limit: 1 })) as Card[];
    expect((await get(`${PREVIEW_ROOT}/news/${first.id}`)).status).toBe(401);
    for (const path of [`${PREVIEW_ROOT}/nothing/1`, `${PREVIEW_ROOT}/news/999999`, `${PREVIEW_ROOT}/news/abc`, `${PREVIEW_ROOT}/news/0`]) {
      const answer = await get(path, session.cookie);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      expect(answer.headers.get('x-robots-tag')).toBe('noindex');
      expect(answer.body).toContain('Nothing to preview');
    }
  });
});
