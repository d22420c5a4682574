import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { plainTextOf, type RichTextDocument } from '@consulting/model';
import { seedFirstStartContent } from '../../src/db/seeds/first-start.js';
import { migrate } from '../../src/db/orm.js';
import { previewTarget } from '../../src/preview/preview.service.js';
import { graphqlClient } from '../helpers/graphql.js';
import { request } from '../helpers/http.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// A fresh install starts with the privacy policy, imprint and accessibility statement as
// never-published drafts whose bodies say what the firm must fill in; once per database: a restart
// does not add them again, and a firm that deletes them does not get them back. Published, a page
// is on the site and in the footer's list.

type Json = Record<string, unknown>;
interface Draft {
  recordId: number;
  state: string;
  live: boolean;
  values: Json;
}

const session = {} as { app: TestApp };
const { gql } = graphqlClient(session);
let app: TestApp;
let cookie: string;

beforeAll(async () => {
  app = await startTestApp();
  session.app = app;
  cookie = await app.login();
}, 60_000);
afterAll(async () => {
  await app?.close();
});

const drafts = async () => ((await request(app.baseUrl, 'GET', '/api/admin/pages/drafts', { cookie })).body.items as Draft[]).sort((a, b) => a.recordId - b.recordId);
const draftRows = () =>
  app.orm.em.fork().getConnection().execute<{ record_id: number; slug: string; live: boolean; was_published: boolean }[]>(
    `select record_id, values->>'slug' as slug, live, was_published from content_draft where collection = 'pages' order by record_id`,
  );
/** What the server does when it starts again: migrations, then the first-start content. */
const restart = async () => {
  await migrate(app.orm);
  await Promise.all([seedFirstStartContent(app.orm.em.fork()), seedFirstStartContent(app.orm.em.fork())]);
};

describe('placeholder legal pages', () => {
  it('a fresh database has the three as never-published drafts, linked from the footer, saying what to fill in; none is on the site', async () => {
    const found = await drafts();
    expect(found.map((draft) => [draft.values.title, draft.values.slug, draft.values.linkedFrom, draft.state, draft.live])).toEqual([
      ['Privacy policy', 'privacy-policy', 'footer', 'DRAFT', false],
      ['Imprint', 'imprint', 'footer', 'DRAFT', false],
      ['Accessibility statement', 'accessibility-statement', 'footer', 'DRAFT', false],
    ]);
    const text = (draft: Draft) => plainTextOf(draft.values.bodyDocument as RichTextDocument) ?? '';
    const [privacy, imprint, accessibility] = found;
    for (const draft of found) expect(text(draft)).toMatch(/^Placeholder: replace this text before publishing\./);
    for (const part of ['GDPR', 'Controller and contact', 'Purposes and legal bases', 'Recipients', 'Retention', 'Your rights', 'supervisory authority']) expect(text(privacy)).toContain(part);
    for (const part of ['§ 5 DDG', '§ 25 MedienG', 'postal address', 'telephone', 'commercial register', 'VAT identification number', 'responsible for the editorial content']) expect(text(imprint)).toContain(part);
    for (const part of ['European Accessibility Act', 'Conformance status', 'Known issues', 'Feedback and contact', 'Enforcement procedure']) expect(text(accessibility)).toContain(part);
    expect((await draftRows()).every((row) => !row.live && !row.was_published)).toBe(true);
    expect((await request(app.baseUrl, 'GET', '/api/pages')).body).toEqual([]);
  });

  it('a draft page is previewed on its own page, /<slug> (a simple page has no list)', async () => {
    const [privacy] = await drafts();
    const target = await previewTarget(app.orm.em.fork(), 'pages', privacy.recordId);
    expect({ url: target?.url, live: target?.overlay.live, label: target?.label }).toEqual({ url: '/privacy-policy', live: false, label: 'Privacy policy' });
  });

  it('a restart (twice at once) adds none again', async () => {
    const before = await draftRows();
    await restart();
    await restart();
    expect(await draftRows()).toEqual(before);
  });

  it('their ids come from the pages table: a page created later comes after them', async () => {
    const created = await request(app.baseUrl, 'POST', '/api/admin/pages', { cookie, json: { title: 'About us', description: 'Who we are.', linkedFrom: 'none' } });
    expect(created.status).toBe(201);
    expect(created.body.id).toBeGreaterThan(Math.max(...(await draftRows()).map((row) => row.record_id)));
  });

  it('published, the privacy policy is on the site and in the footer list; discarded or deleted, pages stay gone after a restart', async () => {
    const [privacy, imprint, accessibility] = await drafts();
    const published = await request(app.baseUrl, 'POST', `/api/admin/pages/${privacy.recordId}/publish`, { cookie });
    expect(published.status).toBe(200);
    const footer = await request(app.baseUrl, 'GET', '/api/pages?linkedFrom=footer');
    expect((footer.body as unknown as Json[]).map((page) => page.slug)).toEqual(['privacy-policy']);
    const listed = await gql('{ pages(linkedFrom: footer) { id title slug } }');
    expect(listed.data?.pages).toEqual([{ id: privacy.recordId, title: 'Privacy policy', slug: 'privacy-policy' }]);

    const discarded = await request(app.baseUrl, 'DELETE', `/api/admin/pages/${imprint.recordId}/draft`, { cookie });
    expect(discarded.status).toBeLessThan(300);
    const deleted = await request(app.baseUrl, 'DELETE', `/api/admin/pages/${privacy.recordId}`, { cookie });
    expect(deleted.status).toBeLessThan(300);
    await restart();
    expect((await draftRows()).map((row) => row.slug)).toEqual(['accessibility-statement']);
    expect((await drafts()).map((draft) => draft.recordId)).toEqual([accessibility.recordId]);
    expect(((await request(app.baseUrl, 'GET', '/api/pages')).body as unknown as Json[]).map((page) => page.slug)).toEqual(['about-us']);

    // Every page gone, drafts too: still none come back (their history remembers them).
    await request(app.baseUrl, 'DELETE', `/api/admin/pages/${accessibility.recordId}/draft`, { cookie });
    await app.orm.em.fork().getConnection().execute(`delete from pages`);
    await restart();
    expect(await draftRows()).toEqual([]);
  });
});
