import { beforeEach, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { plainTextOf, type RichTextDocument } from '@consulting/model';
import { graphqlClient, type Json } from '../helpers/graphql.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// Items with pages of their own: slugs made from titles, unique, editable, their old addresses
// kept (one hop, by record); rich documents beside the plain text the REST contract keeps; hostile
// documents refused with 400 on both surfaces, never a 500.

const session = signedInApp();
const { gql, rest } = graphqlClient(session);
const admin = (method: string, path: string, body?: unknown) => rest(method, `/api/admin/${path}`, body, session.cookie);
const sql = <T = Json>(query: string, params: unknown[] = []) => session.app.orm.em.fork().getConnection().execute<T[]>(query, params);

const doc = (...content: unknown[]) => ({ type: 'doc', content });
const p = (...content: unknown[]) => ({ type: 'paragraph', content });
const t = (text: string, marks?: unknown[]) => ({ type: 'text', text, ...(marks && { marks }) });
const article = (title: string, more: Json = {}) => ({ title, pictureUrl: '/uploads/a.png', brief: `About ${title}`, ...more });

beforeEach(async () => {
  await sql('delete from news');
  await sql('delete from slug_redirects');
});

describe('slugs', () => {
  it('are made from the title (transliterated), unique in the collection, and kept on a save that does not name them', async () => {
    const first = await admin('POST', 'news', article('Café growth: 100% in Zürich!'));
    expect(first.status).toBe(201);
    expect((first.body as Json).slug).toBe('cafe-growth-100-in-zuerich');
    const second = await admin('POST', 'news', article('Café growth: 100% in Zürich!'));
    expect((second.body as Json).slug).toBe('cafe-growth-100-in-zuerich-2');
    // A title with nothing to make an address of: the type's noun.
    expect(((await admin('POST', 'news', article('!!!'))).body as Json).slug).toBe('news-article');
    const id = (first.body as Json).id as number;
    const saved = await admin('PUT', `news/${id}`, article('A new title'));
    expect((saved.body as Json).slug).toBe('cafe-growth-100-in-zuerich');
  });

  it('given by the editor are checked: the format, the reserved ones, and one another item holds (400 on the slug field)', async () => {
    await admin('POST', 'news', article('Taken', { slug: 'taken' }));
    for (const [slug, message] of [
      ['Not A Slug', 'Slug may hold only lower-case letters, digits and single hyphens between words'],
      ['double--hyphen', 'Slug may hold only lower-case letters, digits and single hyphens between words'],
      ['page', 'Slug cannot be "page": the site uses that address'],
      ['taken', 'Slug "taken" is already the address of “Taken”'],
    ]) {
      const reply = await admin('POST', 'news', article('Another', { slug }));
      expect(reply.status).toBe(400);
      expect((reply.body as Json).errors).toEqual([{ field: 'slug', message }]);
    }
    const graphql = await gql('mutation($input: NewsInput!) { createNews(input: $input) { id } }', { input: article('Another', { slug: 'taken' }) }, session.cookie);
    expect(graphql.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ field: 'slug', message: 'Slug "taken" is already the address of “Taken”' }] });
  });

  it('changed leave their old addresses to the record: A -> B -> C keeps A and B leading to C; taking a slug back ends its redirect', async () => {
    const created = await admin('POST', 'news', article('Alpha', { slug: 'a' }));
    const id = (created.body as Json).id as number;
    expect((await admin('PUT', `news/${id}`, article('Alpha', { slug: 'b' }))).status).toBe(200);
    expect((await admin('PUT', `news/${id}`, article('Alpha', { slug: 'c' }))).status).toBe(200);
    const redirects = async () => sql<{ old_slug: string; record_id: number }>('select old_slug, record_id from slug_redirects where collection = ? order by old_slug', ['news']);
    expect(await redirects()).toEqual([
      { old_slug: 'a', record_id: id },
      { old_slug: 'b', record_id: id },
    ]);
    // The record's current slug is where every old one leads: one hop.
    expect((await admin('PUT', `news/${id}`, article('Alpha', { slug: 'a' }))).status).toBe(200);
    expect(await redirects()).toEqual([
      { old_slug: 'b', record_id: id },
      { old_slug: 'c', record_id: id },
    ]);
    // Another record may take an old slug (its redirect ends); made slugs avoid them.
    const other = await admin('POST', 'news', article('B', { slug: 'b' }));
    expect(other.status).toBe(201);
    expect(await redirects()).toEqual([{ old_slug: 'c', record_id: id }]);
    expect(((await admin('POST', 'news', article('C'))).body as Json).slug).toBe('c-2');
  });

  it('made by records added at the same moment never collide', async () => {
    const replies = await Promise.all(Array.from({ length: 8 }, () => admin('POST', 'news', article('Same title'))));
    expect(replies.map((reply) => [reply.status, reply.status === 201 ? 'ok' : reply.body])).toEqual(Array(8).fill([201, 'ok']));
    const slugs = replies.map((reply) => (reply.body as Json).slug as string).sort();
    expect(new Set(slugs).size).toBe(8);
    expect(slugs).toContain('same-title');
  });

  it('are found by GraphQL (bySlug), with the neighbours in the public order', async () => {
    const ids: number[] = [];
    for (const title of ['One', 'Two', 'Three']) ids.push(((await admin('POST', 'news', article(title))).body as Json).id as number);
    const reply = await gql('{ newsItemBySlug(slug: "two") { id title previous { slug } next { slug } } missing: newsItemBySlug(slug: "nope") { id } bad: newsItemBySlug(slug: "../x") { id } }');
    expect(reply.errors).toBeUndefined();
    expect(reply.data).toEqual({ newsItemBySlug: { id: ids[1], title: 'Two', previous: { slug: 'one' }, next: { slug: 'three' } }, missing: null, bad: null });
  });

  it('in a draft must be free when the draft is saved', async () => {
    await admin('POST', 'news', article('Taken', { slug: 'taken' }));
    const draft = await admin('POST', 'news/drafts', { title: 'Half written', slug: 'taken' });
    expect(draft.status).toBe(400);
    expect((draft.body as Json).errors).toEqual([{ field: 'slug', message: 'Slug "taken" is already the address of “Taken”' }]);
  });
});

describe('rich text', () => {
  const rich = doc(
    { type: 'heading', attrs: { level: 2 }, content: [t('Results')] },
    p(t('Read '), t('the report', [{ type: 'link', attrs: { href: 'https://example.com/r' } }]), t('.')),
    { type: 'bulletList', content: [{ type: 'listItem', content: [p(t('Faster'))] }] },
    { type: 'image', attrs: { src: '/uploads/chart.png', alt: 'A chart' } },
  );

  it('is stored as the document with its plain text, which REST keeps as `content`; GraphQL also renders it', async () => {
    const created = await admin('POST', 'news', article('Rich', { contentDocument: rich }));
    expect(created.status).toBe(201);
    const body = created.body as Json;
    expect(body.contentDocument).toEqual(rich);
    expect(body.content).toBe('Results\n\nRead the report.\n\n- Faster');
    const read = await rest('GET', `/api/news/${body.id}`);
    expect((read.body as Json).content).toBe('Results\n\nRead the report.\n\n- Faster');
    const graphql = await gql(`{ newsItem(id: ${body.id}) { content contentHtml contentDocument } }`);
    expect(graphql.data?.newsItem).toEqual({
      content: 'Results\n\nRead the report.\n\n- Faster',
      contentDocument: rich,
      contentHtml:
        '<h2>Results</h2><p>Read <a href="https://example.com/r" rel="noopener" target="_blank">the report</a>.</p><ul><li><p>Faster</p></li></ul><img src="/uploads/chart.png" alt="A chart" loading="lazy">',
    });
  });

  it('given as plain text (an older client) becomes paragraphs, the text kept as sent', async () => {
    const created = await admin('POST', 'news', article('Plain', { content: 'First line\nsecond line\n\nNext paragraph' }));
    const body = created.body as Json;
    expect(body.content).toBe('First line\nsecond line\n\nNext paragraph');
    expect(plainTextOf(body.contentDocument as RichTextDocument)).toBe(body.content);
    expect((body.contentDocument as RichTextDocument).content).toHaveLength(2);
  });

  it('a save of the same document again changes nothing (no new version, no history entry)', async () => {
    const created = (await admin('POST', 'news', article('Same', { contentDocument: rich }))).body as Json;
    const again = await admin('PUT', `news/${created.id}`, { ...created });
    expect((again.body as Json).version).toBe(created.version);
    const history = await admin('GET', `news/${created.id}/history`);
    expect((history.body as Json[]).map((entry) => entry.action)).toEqual(['create']);
  });

  it('refuses hostile documents with 400 and a message on the field, through REST and GraphQL, never a 500 (fast-check, seeded)', async () => {
    const hostile = fc.oneof(
      fc.constant(doc({ type: 'script', content: [t('alert(1)')] })),
      fc.constant(doc(p(t('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])))),
      fc.constant(doc({ type: 'image', attrs: { src: 'https://evil.example/x.png', alt: 'x' } })),
      fc.constant(doc({ type: 'iframe', attrs: { src: 'https://evil.example' } })),
      fc.constant(doc(p({ type: 'text', text: '<img src=x onerror=alert(1)>', marks: [{ type: 'html' }] }))),
      fc.integer({ min: 17, max: 2000 }).map((depth) => {
        let node: unknown = p(t('deep'));
        for (let i = 0; i < depth; i += 1) node = { type: 'blockquote', content: [node] };
        return doc(node);
      }),
      fc.string({ maxLength: 30 }).map((type) => doc({ type: `x-${type}` })),
    );
    await fc.assert(
      fc.asyncProperty(hostile, async (document) => {
        const reply = await admin('POST', 'news', article('Hostile', { contentDocument: document }));
        expect(reply.status).toBe(400);
        expect((reply.body as Json).errors).toEqual([{ field: 'content', message: expect.any(String) }]);
        const graphql = await gql('mutation($input: NewsInput!) { createNews(input: $input) { id } }', { input: article('Hostile', { contentDocument: document }) }, session.cookie);
        expect(graphql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      }),
      { seed: 24, numRuns: 30 },
    );
    expect(await sql('select id from news')).toEqual([]);
  });

  it('refuses 100,000 nodes: too large a body (413) or too many elements (400), never stored', async () => {
    const huge = doc(...Array.from({ length: 100_000 }, () => p(t('x'))));
    const reply = await admin('POST', 'news', article('Huge', { contentDocument: huge }));
    expect([400, 413]).toContain(reply.status);
    const small = doc(...Array.from({ length: 6_000 }, () => ({ type: 'hardBreak' })).map((node) => p(node)));
    const tooMany = await admin('POST', 'news', article('Many', { contentDocument: small }));
    expect(tooMany.status).toBe(400);
    expect((tooMany.body as Json).errors).toEqual([{ field: 'content', message: 'Content is too long: at most 5,000 elements' }]);
    expect(await sql('select id from news')).toEqual([]);
  });
});
