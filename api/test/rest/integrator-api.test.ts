import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  type GraphQLSchema,
} from 'graphql';
import { graphQLSchema } from '../../src/graphql/schema.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// What an integrator relies on: a described schema, ContactIcon as an enum, one record by id,
// and limit/offset/featured on the lists of both surfaces, with the 500 cap refused.

const session = signedInApp();

const graphql = (query: string, variables: Record<string, unknown> = {}, withCookie = false) =>
  request(session.app.baseUrl, 'POST', '/graphql', { json: { query, variables }, ...(withCookie && { cookie: session.cookie }) });

/** Every type, field, argument and enum value of the schema without a description. */
function undocumented(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  const has = (description: string | null | undefined) => typeof description === 'string' && description.trim().length > 0;
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (!has(type.description)) missing.push(type.name);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (!has(field.description)) missing.push(`${type.name}.${field.name}`);
        for (const arg of 'args' in field ? field.args : []) {
          if (!has(arg.description)) missing.push(`${type.name}.${field.name}(${arg.name})`);
        }
      }
    }
    if (isEnumType(type)) {
      for (const value of type.getValues()) if (!has(value.description)) missing.push(`${type.name}.${value.name}`);
    }
    if (isScalarType(type)) continue;
  }
  return missing;
}

async function createNews(title: string, featured: boolean, displayOrder: number): Promise<number> {
  const reply = await graphql(
    'mutation($input: NewsInput!) { createNews(input: $input) { id } }',
    { input: { title, brief: `${title} brief`, pictureUrl: 'https://example.com/p.png', featured, displayOrder } },
    true,
  );
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data.createNews.id;
}

describe('the documented schema', () => {
  it('describes every type, field, argument and enum value', async () => {
    expect(undocumented(await graphQLSchema())).toEqual([]);
  });

  it('documents ids as stable and types the contact icon as the ContactIcon enum', async () => {
    const schema = await graphQLSchema();
    const contact = schema.getType('ContactInfo');
    if (!isObjectType(contact)) throw new Error('ContactInfo is not an object type');
    expect(contact.getFields().id.description).toMatch(/^Stable identifier/);
    const icon = getNamedType(contact.getFields().icon.type);
    expect(isEnumType(icon) && icon.getValues().map((v) => v.name).sort()).toEqual(['Globe', 'Mail', 'MapPin', 'Phone']);
  });

  it('accepts the four icons as strings in variables and refuses any other, on GraphQL and REST', async () => {
    const create = (icon: string) =>
      graphql('mutation($input: ContactInfoInput!) { createContactInfo(input: $input) { id icon } }', { input: { type: 'email', value: 'a@b.c', icon } }, true);
    const ok = await create('MapPin');
    expect(ok.body.data.createContactInfo.icon).toBe('MapPin');
    const refused = await create('Skull');
    expect(refused.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(refused.body.data).toBeUndefined();
    // REST keeps the plain string and the model's message.
    const rest = await request(session.app.baseUrl, 'POST', '/api/admin/contact-info', { cookie: session.cookie, json: { type: 'email', value: 'a@b.c', icon: 'Skull' } });
    expect(rest.status).toBe(400);
    expect(rest.body.errors).toEqual([{ field: 'icon', message: 'Icon must be one of Mail, Phone, MapPin, Globe' }]);
    const listed = await request(session.app.baseUrl, 'GET', '/api/contact-info');
    expect(listed.body.find((c: { id: number }) => c.id === ok.body.data.createContactInfo.id).icon).toBe('MapPin');
  });
});

describe('one record by id', () => {
  it('answers every collection by id, null for an unknown one', async () => {
    const id = await createNews('By id', false, 5);
    const found = await graphql('query($id: Int!) { newsItem(id: $id) { id title } }', { id });
    expect(found.body.data.newsItem).toEqual({ id, title: 'By id' });
    const missing = await graphql('{ newsItem(id: 999999) { id } country(id: 999999) { id } brand(id: 0) { id } }');
    expect(missing.body).toEqual({ data: { newsItem: null, country: null, brand: null } });
    const schema = await graphQLSchema();
    const fields = Object.keys(schema.getQueryType()!.getFields());
    expect(fields).toEqual(expect.arrayContaining(['country', 'brand', 'teamMember', 'newsItem', 'client', 'contactInfoItem']));
    const created = await request(session.app.baseUrl, 'POST', '/api/admin/countries', {
      cookie: session.cookie,
      json: { name: 'Kuwait', code: 'KW', flagImageUrl: 'https://flagcdn.com/w80/kw.png' },
    });
    const first = { id: created.body.id, name: 'Kuwait' };
    expect((await graphql('query($id: Int!) { country(id: $id) { id name } }', { id: first.id })).body.data.country).toEqual(first);
  });
});

describe('filtering and paging lists', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = [];
    for (let i = 0; i < 6; i += 1) ids.push(await createNews(`Paged ${i}`, i % 2 === 0, 100 + i));
  });

  it('filters news by featured and pages with limit and offset (GraphQL)', async () => {
    const all = (await graphql('{ news { id featured } }')).body.data.news as { id: number; featured: boolean }[];
    const featured = (await graphql('{ news(featured: true) { id featured } }')).body.data.news;
    expect(featured).toEqual(all.filter((n) => n.featured));
    const notFeatured = (await graphql('{ news(featured: false) { id } }')).body.data.news;
    expect(notFeatured.length + featured.length).toBe(all.length);
    const page = (await graphql('query($l: Int, $o: Int) { news(limit: $l, offset: $o) { id } }', { l: 2, o: 1 })).body.data.news;
    expect(page).toEqual(all.slice(1, 3).map(({ id }) => ({ id })));
    expect((await graphql('{ clients(limit: 1) { id } }')).body.data.clients.length).toBeLessThanOrEqual(1);
  });

  it('refuses a limit over 500, below 1, or a negative offset with BAD_USER_INPUT and field messages', async () => {
    const over = await graphql('{ news(limit: 501) { id } }');
    expect(over.body.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [{ field: 'limit', message: 'limit must be a whole number from 1 to 500' }],
    });
    expect((await graphql('{ countries(limit: 500) { id } }')).body.errors).toBeUndefined();
    const zero = await graphql('{ brands(limit: 0, offset: -1) { id } }');
    expect(zero.body.errors[0].extensions.errors.map((e: { field: string }) => e.field)).toEqual(['limit', 'offset']);
  });

  it('pages and filters REST lists the same way, 400 with field messages on junk', async () => {
    const all = (await request(session.app.baseUrl, 'GET', '/api/news')).body as { id: number; featured: boolean }[];
    expect((await request(session.app.baseUrl, 'GET', '/api/news?featured=true')).body).toEqual(all.filter((n) => n.featured));
    expect((await request(session.app.baseUrl, 'GET', '/api/news?limit=2&offset=1')).body).toEqual(all.slice(1, 3));
    // The same read in another order is the same cache entry.
    const reordered = await request(session.app.baseUrl, 'GET', '/api/news?offset=1&limit=2');
    expect(reordered.body).toEqual(all.slice(1, 3));
    expect(reordered.headers.get('x-render-cache')).toBe('hit');
    for (const [query, field] of [
      ['limit=501', 'limit'],
      ['limit=abc', 'limit'],
      ['offset=-3', 'offset'],
      ['featured=yes', 'featured'],
      ['limit=1&limit=2', 'limit'],
    ] as const) {
      const reply = await request(session.app.baseUrl, 'GET', `/api/news?${query}`);
      expect(reply.status).toBe(400);
      expect(reply.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    }
    // Countries have no flag: featured is not one of their parameters and is ignored.
    expect((await request(session.app.baseUrl, 'GET', '/api/countries?featured=yes')).status).toBe(200);
  });

  it('says how many records there are in all: X-Total-Count on REST lists (hit or miss, paged or not), <list>Count in GraphQL', async () => {
    const all = (await request(session.app.baseUrl, 'GET', '/api/news')).body as { id: number; featured: boolean }[];
    const featured = all.filter((n) => n.featured).length;
    for (const withCookie of [false, true]) {
      for (const [query, total] of [
        ['', all.length],
        ['?limit=2&offset=1', all.length],
        ['?featured=true&limit=1', featured],
        ['?featured=false&offset=2', all.length - featured],
      ] as const) {
        for (let i = 0; i < 2; i += 1) {
          const reply = await request(session.app.baseUrl, 'GET', `/api/news${query}`, withCookie ? { cookie: session.cookie } : {});
          expect([query, reply.status, reply.headers.get('x-total-count')]).toEqual([query, 200, String(total)]);
        }
      }
    }
    const counts = await graphql('{ newsCount featured: newsCount(featured: true) plain: newsCount(featured: false) countriesCount clientsCount(featured: true) }');
    expect(counts.body.errors).toBeUndefined();
    expect(counts.body.data).toMatchObject({ newsCount: all.length, featured, plain: all.length - featured });
    const countries = (await request(session.app.baseUrl, 'GET', '/api/countries')).body as unknown[];
    expect(counts.body.data.countriesCount).toBe(countries.length);
    expect(counts.body.data.clientsCount).toBe(((await request(session.app.baseUrl, 'GET', '/api/clients?featured=true')).body as unknown[]).length);
  });

  it('sees a new record on the next filtered read (the key holds the parameters, the revision moves)', async () => {
    const before = (await request(session.app.baseUrl, 'GET', '/api/news?featured=true&limit=500')).body.length;
    await createNews('Fresh featured', true, 200);
    expect((await request(session.app.baseUrl, 'GET', '/api/news?featured=true&limit=500')).body.length).toBe(before + 1);
  });
});
