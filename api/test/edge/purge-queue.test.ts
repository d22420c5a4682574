import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { edgePurgeQueueStats } from '../../src/edge/purge-worker.js';
import { fillCollection } from '../helpers/fill-content.js';
import { request } from '../helpers/http.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// Each change of published content queues, in its own transaction, a purge of exactly the tags it
// affects: its type's and each changed record's. A rolled-back change queues nothing; a draft
// (content_draft) purges nothing until it is published. The app's own purge worker is held off
// (EDGE_PURGER=varnish at a port nobody listens on, retried only after an hour), so the queue
// stays as the changes left it.

let app: TestApp;
let orm: MikroORM;
const sql = <T extends object = Record<string, unknown>>(query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute<T[]>(query, params);
const pending = () => sql<{ tags: string[] }>(`select tags from edge_purges where status = 'pending' order by id`).then((rows) => rows.map((row) => row.tags));
const clear = () => sql('delete from edge_purges');

beforeAll(async () => {
  app = await startTestApp({
    edge: { ...(await import('../../src/config.js')).loadConfig({ EDGE_PURGER: 'varnish', EDGE_PURGE_URL: 'http://127.0.0.1:9/', EDGE_PURGE_RETRY_BASE_MS: '3600000', EDGE_PURGE_RETRY_MAX_MS: '3600000', EDGE_PURGE_TIMEOUT_MS: '1000' }).edge },
  });
  orm = app.orm;
  await sql('delete from news');
  await fillCollection(orm, 'news', { count: 3 });
}, 60_000);
afterAll(async () => {
  await app?.close();
});

describe('the purge queue', () => {
  it('a change queues its type and record tags in its own transaction; rolled back, nothing', async () => {
    const [{ id }] = await sql<{ id: number }>('select id from news order by id limit 1');
    await clear();
    await expect(
      orm.em.fork().transactional(async (em) => {
        await em.execute(`update news set title = 'Changed' where id = ?`, [id]);
        const inside = await em.execute<{ tags: string[] }[]>('select tags from edge_purges');
        expect(inside.map((row) => row.tags)).toEqual([['t:news', `r:news:${id}`]]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await pending()).toEqual([]);
    await sql(`update news set title = 'Changed' where id = ?`, [id]);
    expect(await pending()).toEqual([['t:news', `r:news:${id}`]]);
  });

  it('one statement changing several records queues one purge naming each; a statement changing none queues nothing', async () => {
    const ids = (await sql<{ id: number }>('select id from news order by id')).map((row) => row.id);
    await clear();
    await sql(`update news set featured = not featured`);
    await sql(`update news set title = 'x' where id < 0`);
    expect(await pending()).toEqual([['t:news', ...ids.map((id) => `r:news:${id}`)]]);
    await clear();
    await sql(`delete from news where id = ?`, [ids[2]]);
    expect(await pending()).toEqual([['t:news', `r:news:${ids[2]}`]]);
  });

  it('a draft purges nothing; publishing it purges its type and record; unpublishing again', async () => {
    const cookie = await app.login();
    const [{ id }] = await sql<{ id: number }>('select id from news order by id limit 1');
    await clear();
    const draft = await request(app.baseUrl, 'PUT', `/api/admin/news/${id}/draft`, { cookie, json: { title: 'A draft title' } });
    expect(draft.status).toBe(200);
    expect(await pending()).toEqual([]);
    const published = await request(app.baseUrl, 'POST', `/api/admin/news/${id}/publish`, { cookie });
    expect(published.status).toBe(200);
    const afterPublish = await pending();
    expect(afterPublish.length).toBeGreaterThan(0);
    expect(new Set(afterPublish.flat())).toEqual(new Set(['t:news', `r:news:${id}`]));
    await clear();
    const unpublished = await request(app.baseUrl, 'POST', `/api/admin/news/${id}/unpublish`, { cookie });
    expect(unpublished.status).toBe(200);
    expect(new Set((await pending()).flat())).toEqual(new Set(['t:news', `r:news:${id}`]));
  });

  it('a truncate, or a statement changing more than a thousand records, purges everything', async () => {
    await fillCollection(orm, 'countries', { count: 1001 });
    await clear();
    await sql(`update countries set name = name || '!'`);
    expect(await pending()).toEqual([['all']]);
    await clear();
    await sql('truncate countries');
    expect(await pending()).toEqual([['all']]);
  });

  it('tells its depth and the age of its oldest pending purge', async () => {
    await clear();
    expect(await edgePurgeQueueStats(orm.em.fork())).toEqual({ depth: 0, oldestAgeSeconds: 0 });
    await sql(`insert into edge_purges (tags, created_at) values (array['t:news'], now() - interval '90 seconds'), (array['t:clients'], now())`);
    const stats = await edgePurgeQueueStats(orm.em.fork());
    expect(stats.depth).toBe(2);
    expect(stats.oldestAgeSeconds).toBeGreaterThanOrEqual(90);
    expect(stats.oldestAgeSeconds).toBeLessThan(120);
  });
});
