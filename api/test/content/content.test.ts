import { describe, expect, it } from '@jest/globals';
import { collections } from '../../src/content/registry.js';
import { changedField, validInput } from '../helpers/fixtures/content.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';

const session = signedInApp();

describe.each(collections.map((c) => c.path))('/api/%s', (path) => {
  const input = validInput[path];

  it('creates (201 with the record), reads, lists, updates (200) and deletes (204)', async () => {
    const created = await request(session.app.baseUrl, 'POST', `/api/admin/${path}`, { json: input, cookie: session.cookie });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(input);
    expect(created.body.id).toEqual(expect.any(Number));
    const id = created.body.id;

    const one = await request(session.app.baseUrl, 'GET', `/api/${path}/${id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(created.body);

    const list = await request(session.app.baseUrl, 'GET', `/api/${path}`);
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual(created.body);

    const [field, value] = changedField[path];
    const updated = await request(session.app.baseUrl, 'PUT', `/api/admin/${path}/${id}`, {
      json: { ...input, [field]: value },
      cookie: session.cookie,
    });
    expect(updated.status).toBe(200);
    // Everything as created but the field and the version, and the time of the last change where the type keeps one.
    const changedAt = created.body.updatedAt === undefined ? {} : { updatedAt: updated.body.updatedAt };
    expect(updated.body).toEqual({ ...created.body, [field]: value, version: created.body.version + 1, ...changedAt });
    if (created.body.updatedAt !== undefined) expect(Date.parse(updated.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.body.updatedAt));
    expect((await request(session.app.baseUrl, 'GET', `/api/${path}/${id}`)).body[field]).toBe(value);

    const deleted = await request(session.app.baseUrl, 'DELETE', `/api/admin/${path}/${id}`, { cookie: session.cookie });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBe('');
    expect((await request(session.app.baseUrl, 'GET', `/api/${path}/${id}`)).status).toBe(404);
  });

  it('answers 404 for an unknown id on read, update and delete', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1.5', '99999999999']) {
      expect((await request(session.app.baseUrl, 'GET', `/api/${path}/${id}`)).status).toBe(404);
      const put = await request(session.app.baseUrl, 'PUT', `/api/admin/${path}/${id}`, { json: input, cookie: session.cookie });
      expect(put.status).toBe(404);
      expect(put.body).toEqual({ message: expect.stringMatching(/not found/i) });
      expect((await request(session.app.baseUrl, 'DELETE', `/api/admin/${path}/${id}`, { cookie: session.cookie })).status).toBe(404);
    }
  });

  it('lists by display order, then by id', async () => {
    const make = async (displayOrder: number) =>
      (await request(session.app.baseUrl, 'POST', `/api/admin/${path}`, { json: { ...input, displayOrder }, cookie: session.cookie })).body.id;
    const late = await make(50);
    const early = await make(-5);
    const tieFirst = await make(7);
    const tieSecond = await make(7);
    const ids = (await request(session.app.baseUrl, 'GET', `/api/${path}`)).body.map((r: { id: number }) => r.id);
    const ours = ids.filter((id: number) => [late, early, tieFirst, tieSecond].includes(id));
    expect(ours).toEqual([early, tieFirst, tieSecond, late]);
  });

  // Changed on purpose (ordering): without a display order a new item goes last.
  it('puts an item without a display order last and ignores unknown fields', async () => {
    const { displayOrder: _omitted, ...rest } = input;
    const existing = (await request(session.app.baseUrl, 'GET', `/api/${path}`)).body as { displayOrder: number }[];
    const last = Math.max(0, ...existing.map((row) => row.displayOrder));
    const created = await request(session.app.baseUrl, 'POST', `/api/admin/${path}`, {
      json: { ...rest, id: 424242, isAdmin: true, unknownField: 'x' },
      cookie: session.cookie,
    });
    expect(created.status).toBe(201);
    expect(created.body.displayOrder).toBe(last + 1);
    expect(created.body.id).not.toBe(424242);
    expect(created.body).not.toHaveProperty('unknownField');
    expect(created.body).not.toHaveProperty('isAdmin');
  });
});

describe('news', () => {
  it('sets createdAt on the server and never takes it from a client', async () => {
    const before = Date.now();
    const created = await request(session.app.baseUrl, 'POST', '/api/admin/news', {
      json: { ...validInput.news, createdAt: '2001-01-01T00:00:00.000Z' },
      cookie: session.cookie,
    });
    expect(created.status).toBe(201);
    const createdAt = Date.parse(created.body.createdAt);
    expect(createdAt).toBeGreaterThanOrEqual(before - 5000);
    expect(createdAt).toBeLessThanOrEqual(Date.now() + 5000);

    const updated = await request(session.app.baseUrl, 'PUT', `/api/admin/news/${created.body.id}`, {
      json: { ...validInput.news, createdAt: '2001-01-01T00:00:00.000Z' },
      cookie: session.cookie,
    });
    expect(updated.body.createdAt).toBe(created.body.createdAt);
  });

  it('lists the fields the public site reads', async () => {
    const list = await request(session.app.baseUrl, 'GET', '/api/news');
    // The spec's fields, and those an article's own page added beside them (issue 24): its
    // address, the rich document, the page's title and description, the time of the last change.
    const spec = ['altText', 'brief', 'content', 'createdAt', 'displayOrder', 'featured', 'id', 'link', 'pictureUrl', 'title', 'version'];
    const ownPage = ['slug', 'contentDocument', 'pageTitle', 'pageDescription', 'updatedAt'];
    expect(Object.keys(list.body[0]).sort()).toEqual([...spec, ...ownPage].sort());
    // The spec's content stays plain text (or null).
    for (const item of list.body) expect(item.content === null || typeof item.content === 'string').toBe(true);
  });

  it('featured defaults to false', async () => {
    const { featured: _omitted, ...rest } = validInput.news;
    const created = await request(session.app.baseUrl, 'POST', '/api/admin/news', { json: rest, cookie: session.cookie });
    expect(created.body.featured).toBe(false);
  });
});

describe('updates', () => {
  it('keep an optional field that is left out, and clear it when sent empty or null', async () => {
    const created = await request(session.app.baseUrl, 'POST', '/api/admin/brands', { json: validInput.brands, cookie: session.cookie });
    const { description: _left, displayOrder: _out, ...rest } = validInput.brands;
    const kept = await request(session.app.baseUrl, 'PUT', `/api/admin/brands/${created.body.id}`, { json: rest, cookie: session.cookie });
    expect(kept.body.description).toBe(validInput.brands.description);
    expect(kept.body.displayOrder).toBe(validInput.brands.displayOrder);
    const cleared = await request(session.app.baseUrl, 'PUT', `/api/admin/brands/${created.body.id}`, {
      json: { ...rest, description: '' },
      cookie: session.cookie,
    });
    expect(cleared.body.description).toBeNull();
  });
});

describe('contact info', () => {
  it('icon defaults to Mail', async () => {
    const { icon: _omitted, ...rest } = validInput['contact-info'];
    const created = await request(session.app.baseUrl, 'POST', '/api/admin/contact-info', { json: rest, cookie: session.cookie });
    expect(created.body.icon).toBe('Mail');
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON', async () => {
    const reply = await request(session.app.baseUrl, 'GET', '/api/nothing-here');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'Not found' });
  });
});
