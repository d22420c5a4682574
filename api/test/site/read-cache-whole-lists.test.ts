import { describe, expect, it } from '@jest/globals';
import { fillCollection } from '../helpers/fill-content.js';
import { validInput } from '../helpers/fixtures/content.js';
import { request } from '../helpers/http.js';
import { capturingQueries } from '../helpers/query-capture.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// `GET /api/{collection}` without paging parameters answers the whole list (the documented contract),
// from the public read cache: after a write, a crowd of first requests costs one list query.

const session = signedInApp();

describe('a whole REST list after a write', () => {
  it('is read from the database once for 50 concurrent first requests, and all of them get the whole list', async () => {
    await fillCollection(session.app.orm, 'news', { count: 400 });
    await request(session.app.baseUrl, 'GET', '/api/news');
    const created = await request(session.app.baseUrl, 'POST', '/api/admin/news', {
      cookie: session.cookie,
      json: { ...validInput.news, title: 'Crowd' },
    });
    expect(created.status).toBe(201);
    const [{ count }] = await session.app.orm.em.fork().getConnection().execute<{ count: string }[]>('select count(*)::text as count from news');

    // Anonymous and signed in, every encoding, GET and HEAD: the same read.
    const variants = [{}, { 'accept-encoding': 'gzip' }, { 'accept-encoding': 'br, gzip' }, { cookie: session.cookie }];
    const { result: answers, queries } = await capturingQueries(session.app.orm, ['news'], () =>
      Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          fetch(`${session.app.baseUrl}/api/news`, { method: i % 10 === 9 ? 'HEAD' : 'GET', headers: variants[i % variants.length] }).then(async (response) => ({
            method: i % 10 === 9 ? 'HEAD' : 'GET',
            status: response.status,
            cache: response.headers.get('x-render-cache'),
            total: response.headers.get('x-total-count'),
            etag: response.headers.get('etag'),
            body: await response.text(),
          })),
        ),
      ),
    );
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatch(/^select .* from "news"/);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
    // Those that came while the one read ran waited for it (miss); on a busy machine a request can
    // arrive after it ended and be a hit. Either way: one read, the same answer.
    expect(answers.some((answer) => answer.cache === 'miss')).toBe(true);
    for (const answer of answers) {
      expect({ status: answer.status, total: answer.total }).toEqual({ status: 200, total: count });
      expect(['miss', 'hit']).toContain(answer.cache);
      if (answer.method === 'GET') {
        const list = JSON.parse(answer.body) as { title: string }[];
        expect(list).toHaveLength(Number(count));
        expect(list.some((item) => item.title === 'Crowd')).toBe(true);
      }
    }

    // Then hits, without any query.
    const { result: hit, queries: none } = await capturingQueries(session.app.orm, ['news'], () => request(session.app.baseUrl, 'GET', '/api/news'));
    expect(hit.headers.get('x-render-cache')).toBe('hit');
    expect(hit.body).toHaveLength(Number(count));
    expect(none).toEqual([]);
  });
});
