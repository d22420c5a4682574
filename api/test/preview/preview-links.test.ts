import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/postgresql';
import { openSharedPreview } from '../../src/preview/preview-links.service.js';
import { isSigned, newToken, tokenHash } from '../../src/preview/preview-tokens.js';
import { PREVIEW_ROOT } from '../../src/shared/url-paths.js';
import { fillCollection } from '../helpers/fill-content.js';
import { graphqlClient } from '../helpers/graphql.js';
import { signedInApp } from '../helpers/signed-in-app.js';
import { pageData, previewWebDist } from './preview-web-dist.js';

// Share links: a reviewer without an account opens the preview with the link alone, until it
// expires or is revoked; a token the server did not sign is refused before any query; only the
// token's hash is stored.

const PUBLIC_URL = 'https://site.example';
const dist = previewWebDist();
afterAll(() => dist.remove());
const session = signedInApp({ publicUrl: PUBLIC_URL }, { webDist: dist.dir });
const { gql, rest } = graphqlClient(session);

let newsId: number;

beforeAll(async () => {
  await fillCollection(session.app.orm, 'news', { count: 3 });
  const [row] = await session.app.orm.em.fork().getConnection().execute<{ id: number }[]>('select id from news order by display_order, id limit 1');
  newsId = row.id;
});

async function open(path: string, cookie?: string) {
  const response = await fetch(`${session.app.baseUrl}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

type Link = { id: string; url: string | null; expiresAt: string; createdAt: string; createdBy: string | null; revokedAt: string | null };
const LINK_FIELDS = 'id url expiresAt createdAt createdBy revokedAt';

async function createLink(days?: number): Promise<Link> {
  const made = await gql(`mutation($id: Int!, $days: Int) { createPreviewLink(collection: "news", id: $id, days: $days) { ${LINK_FIELDS} } }`, { id: newsId, days }, session.cookie);
  expect(made.errors).toBeUndefined();
  return made.data!.createPreviewLink as Link;
}

const pathOf = (url: string) => new URL(url).pathname;

describe('a share link', () => {
  it('is an absolute URL from PUBLIC_URL, valid 7 days by default, and opens the preview without a session', async () => {
    const link = await createLink();
    expect(link.url).toMatch(new RegExp(`^${PUBLIC_URL}${PREVIEW_ROOT}/shared/[A-Za-z0-9_-]{86}$`));
    expect(link.createdBy).toBe('admin');
    const days = (Date.parse(link.expiresAt) - Date.parse(link.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);

    const page = await open(pathOf(link.url!));
    expect(page.status).toBe(200);
    expect(pageData(page.body).url).toBe('/news');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(page.body).toContain('<meta name="robots" content="noindex" />');
    expect(page.body).toContain(`Link expires <time>${link.expiresAt}</time>`);

    // Only the hash is stored; the listing never shows the URL again.
    const token = pathOf(link.url!).split('/').at(-1)!;
    const rows = await session.app.orm.em.fork().getConnection().execute<{ token_hash: string }[]>('select token_hash from preview_links where id = ?', [link.id]);
    expect(rows[0].token_hash).toBe(tokenHash(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const listed = await gql(`query($id: Int!) { previewLinks(collection: "news", id: $id) { ${LINK_FIELDS} } }`, { id: newsId }, session.cookie);
    expect((listed.data!.previewLinks as Link[]).find((l) => l.id === link.id)).toEqual({ ...link, url: null });
  });

  it('stops working once revoked: a 404 page saying so, noindex, no-store', async () => {
    const link = await createLink(2);
    expect((await open(pathOf(link.url!))).status).toBe(200);
    const revoked = await gql('mutation($id: ID!) { revokePreviewLink(id: $id) }', { id: link.id }, session.cookie);
    expect(revoked.data).toEqual({ revokePreviewLink: true });
    const page = await open(pathOf(link.url!));
    expect(page.status).toBe(404);
    expect(page.body).toContain('This preview link was revoked');
    expect(page.body).toContain('<meta name="robots" content="noindex" />');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
  });

  it('stops working once expired', async () => {
    const link = await createLink(1);
    await session.app.orm.em.fork().getConnection().execute(`update preview_links set expires_at = now() - interval '1 second' where id = ?`, [link.id]);
    const page = await open(pathOf(link.url!));
    expect(page.status).toBe(404);
    expect(page.body).toContain('This preview link has expired');
  });

  it('a forged or altered token is refused (404), and by its signature alone: no database query', async () => {
    const link = await createLink();
    const token = pathOf(link.url!).split('/').at(-1)!;
    const flipped = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    const forged = newToken({ dataDir: `${session.app.deps.config.dataDir}-another-site`, sessionSecret: 'another-sites-secret' });
    for (const bad of [flipped, forged, token.slice(0, 85), `${token}A`, 'x', token.replace(/.$/, (c) => (c === 'w' ? 'x' : 'w'))]) {
      const page = await open(`${PREVIEW_ROOT}/shared/${bad}`);
      expect(page.status).toBe(404);
      expect(page.body).toContain('This preview link is not valid');
      expect(page.headers.get('cache-control')).toBe('private, no-store');
      // The service never touches the database for it: every use of the EntityManager throws.
      const untouchable = new Proxy({}, { get: () => { throw new Error('the database was asked'); } }) as EntityManager;
      await expect(openSharedPreview(untouchable, session.app.deps.config, bad)).resolves.toEqual({ refused: 'invalid' });
    }
    expect(isSigned(session.app.deps.config, token)).toBe(true);
  });

  it('days: 1 to 30; unknown items and links: not found; anonymous callers: refused', async () => {
    const tooLong = await gql(`mutation($id: Int!) { createPreviewLink(collection: "news", id: $id, days: 31) { id } }`, { id: newsId }, session.cookie);
    expect(tooLong.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const unknown = await gql('mutation { createPreviewLink(collection: "news", id: 999999) { id } }', {}, session.cookie);
    expect(unknown.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const unknownType = await gql('mutation { createPreviewLink(collection: "nothing", id: 1) { id } }', {}, session.cookie);
    expect(unknownType.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const noLink = await gql('mutation { revokePreviewLink(id: "00000000-0000-4000-8000-000000000000") }', {}, session.cookie);
    expect(noLink.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const anonymous = await gql(`mutation($id: Int!) { createPreviewLink(collection: "news", id: $id) { id } }`, { id: newsId });
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const anonymousList = await gql(`query($id: Int!) { previewLinks(collection: "news", id: $id) { id } }`, { id: newsId });
    expect(anonymousList.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('share links over REST', () => {
  it('POST makes one (201, with its URL), GET lists them, DELETE revokes (204); anonymous: 401', async () => {
    const made = await rest('POST', `/api/admin/news/${newsId}/preview-links`, { days: 3 }, session.cookie);
    expect(made.status).toBe(201);
    const link = made.body as Link;
    expect(link.url).toMatch(new RegExp(`^${PUBLIC_URL}${PREVIEW_ROOT}/shared/`));
    expect((await open(pathOf(link.url!))).status).toBe(200);
    const listed = await rest('GET', `/api/admin/news/${newsId}/preview-links`, undefined, session.cookie);
    expect(listed.status).toBe(200);
    expect((listed.body as Link[]).find((l) => l.id === link.id)?.url).toBeNull();
    expect((await rest('POST', `/api/admin/news/${newsId}/preview-links`, { days: 0 }, session.cookie)).status).toBe(400);
    expect((await rest('POST', `/api/admin/news/999999/preview-links`, {}, session.cookie)).status).toBe(404);
    expect((await rest('DELETE', `/api/admin/preview-links/${link.id}`, undefined, session.cookie)).status).toBe(204);
    expect((await rest('DELETE', `/api/admin/preview-links/not-a-link`, undefined, session.cookie)).status).toBe(404);
    expect((await open(pathOf(link.url!))).status).toBe(404);
    expect((await rest('POST', `/api/admin/news/${newsId}/preview-links`, {})).status).toBe(401);
    expect((await rest('GET', `/api/admin/news/${newsId}/preview-links`)).status).toBe(401);
    expect((await rest('DELETE', `/api/admin/preview-links/${link.id}`)).status).toBe(401);
  });
});
