import { createHash } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { GraphQLInputObjectType, GraphQLNonNull, GraphQLScalarType, getNamedType, isListType, type GraphQLField } from 'graphql';
import { collections, singletons } from '../../src/content/registry.js';
import { createErrorFormatter } from '../../src/graphql/errors.js';
import { graphQLSchema } from '../../src/graphql/schema.js';
import { loadConfig } from '../../src/config.js';

const LOGIN_LIMITS = loadConfig({}).loginLimits;
import { NotFound, ValidationFailed } from '../../src/shared/errors.js';
import { pixelDistance } from '../helpers/fixtures/images.js';
import { startTestApp, TEST_ADMIN } from '../helpers/test-app.js';

// GraphQL against the real server and database: parity with REST for every registry entry,
// refusals (anonymous callers, CSRF, hostile documents), uploads and the shared session.

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
type Json = Record<string, unknown>;
interface GraphQLResponse {
  status: number;
  data?: Json | null;
  errors?: { message: string; extensions?: Json & { code?: string } }[];
}

let app: TestApp;
let adminCookie: string;

beforeAll(async () => {
  app = await startTestApp();
  adminCookie = await app.login();
});

afterAll(async () => {
  await app?.close();
});

async function gql(query: string, variables: Json = {}, cookie?: string): Promise<GraphQLResponse> {
  const response = await fetch(`${app.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, ...((await response.json()) as object) };
}

async function rest(method: string, path: string, body?: unknown, cookie?: string) {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: response.headers };
}

/** All scalar fields of an object type, as a selection set: the test asks for everything. */
async function selectionOf(typeName: string): Promise<string> {
  const type = (await graphQLSchema()).getType(typeName);
  if (!type || !('getFields' in type)) throw new Error(`No type ${typeName}`);
  return `{ ${Object.keys(type.getFields()).join(' ')} }`;
}

/** REST returns the entity as JSON; compare it on exactly the fields GraphQL exposes. */
function pick(record: unknown, fields: string[]): Json {
  const source = record as Json;
  return Object.fromEntries(fields.map((field) => [field, source[field]]));
}

const fieldsOf = (selection: string) => selection.replace(/[{}]/g, '').trim().split(/\s+/);

/** A valid input, a changed one and one breaking several rules, for every collection and singleton. */
const samples: Record<string, { valid: Json; changed: Json; invalid: Json }> = {
  Country: {
    valid: { name: 'Freedonia', code: 'FD', flagImageUrl: '/uploads/freedonia.png', displayOrder: 2 },
    changed: { name: 'Sylvania', code: 'SY', flagImageUrl: 'https://example.com/sylvania.png' },
    invalid: { name: '  ', code: 'FREEDONIA-REPUBLIC', flagImageUrl: 'javascript:alert(1)' },
  },
  Brand: {
    valid: { name: 'Acme Widgets', logoUrl: '/uploads/acme.png', websiteUrl: 'https://acme.example', description: 'Widgets.' },
    changed: { name: 'Acme Gadgets', logoUrl: '/uploads/acme.png', websiteUrl: 'https://gadgets.example', description: null },
    invalid: { name: '', logoUrl: 'ftp://acme.example/logo.png', websiteUrl: '/relative', displayOrder: 5_000_000 },
  },
  TeamMember: {
    valid: { name: 'Ada Example', position: 'Partner', pictureUrl: '/uploads/ada.jpg', brief: 'Leads things.', displayOrder: 1 },
    changed: { name: 'Ada Example', position: 'Senior partner', pictureUrl: '/uploads/ada.jpg' },
    invalid: { name: 'Ada', position: '', pictureUrl: 'not an address' },
  },
  News: {
    valid: { title: 'We moved', pictureUrl: '/uploads/move.png', brief: 'New office.', link: 'https://news.example/move', featured: true },
    changed: { title: 'We moved again', pictureUrl: '/uploads/move.png', brief: 'Newer office.', content: 'Details.', featured: false },
    invalid: { title: 'x'.repeat(301), pictureUrl: '/uploads/move.png', brief: ' ', link: 'mailto:someone@example.com' },
  },
  Client: {
    valid: { title: 'Harbour logistics', pictureUrl: '/uploads/harbour.png', brief: 'A port.', country: 'Freedonia', featured: true },
    changed: { title: 'Harbour logistics II', pictureUrl: '/uploads/harbour.png', country: '' },
    invalid: { title: '', pictureUrl: '', country: 'y'.repeat(101) },
  },
  ContactInfo: {
    valid: { type: 'email', value: 'hello@example.com', label: 'Write to us', icon: 'Mail' },
    changed: { type: 'phone', value: '+1 555 0100', icon: 'Phone', displayOrder: 3 },
    // An unknown icon is refused by the ContactIcon enum itself (rest/integrator-api.test.ts).
    invalid: { type: '', value: ' ', icon: 'Mail' },
  },
  LandingContent: {
    valid: { heroTagline: 'Advice that lasts', heroSubtitle: 'Since 2011', companyDescription: 'We advise.', mainWebsiteUrl: 'https://firm.example' },
    changed: { heroTagline: 'Advice that ships', heroSubtitle: 'Since 2011', companyDescription: 'We advise and build.', mainWebsiteUrl: 'https://firm.example/home' },
    invalid: { heroTagline: '', heroSubtitle: 'Since 2011', companyDescription: 'We advise.', mainWebsiteUrl: 'firm.example' },
  },
  Statistics: {
    valid: { yearEstablished: '2011', expertCount: 40, projectCount: 300, partnerCount: 25 },
    changed: { yearEstablished: '2012', expertCount: 41, projectCount: 301, partnerCount: 26 },
    invalid: { yearEstablished: ' ', expertCount: -1, projectCount: 2_000_000_000, partnerCount: 0 },
  },
};

it('has sample inputs for every content type in the registry', () => {
  const names = [...collections, ...singletons].map((entry) => entry.typeName).sort();
  expect(Object.keys(samples).sort()).toEqual(names);
});

describe.each(collections.map((entry) => [entry.typeName, entry] as const))('collection %s', (typeName, entry) => {
  const sample = samples[typeName]!;
  let selection: string;
  let fields: string[];
  const listQuery = () => `{ ${entry.listField} ${selection} }`;
  const createMutation = () =>
    `mutation($input: ${typeName}Input!) { created: create${typeName}(input: $input) ${selection} }`;
  const updateMutation = () =>
    `mutation($id: Int!, $input: ${typeName}Input!) { updated: update${typeName}(id: $id, input: $input) ${selection} }`;
  const deleteMutation = `mutation($id: Int!) { deleted: delete${typeName}(id: $id) }`;

  beforeAll(async () => {
    selection = await selectionOf(typeName);
    fields = fieldsOf(selection);
  });

  it('lists the same records in the same order as REST, after writes through either surface', async () => {
    const viaGraphQL = await gql(createMutation(), { input: sample.valid }, adminCookie);
    expect(viaGraphQL.errors).toBeUndefined();
    const viaRest = await rest('POST', `/api/admin/${entry.path}`, sample.changed, adminCookie);
    expect(viaRest.status).toBe(201);

    const restList = await rest('GET', `/api/${entry.path}`);
    const graphList = await gql(listQuery());
    expect(graphList.errors).toBeUndefined();
    const records = graphList.data![entry.listField] as Json[];
    expect(records).toEqual((restList.body as Json[]).map((record) => pick(record, fields)));
    expect(records).toContainEqual(viaGraphQL.data!.created);
    expect(records).toContainEqual(expect.objectContaining({ id: (viaRest.body as Json).id }));
  });

  it('updates a record and REST reads the change', async () => {
    const created = await gql(createMutation(), { input: sample.valid }, adminCookie);
    const id = (created.data!.created as Json).id;
    const updated = await gql(updateMutation(), { id, input: sample.changed }, adminCookie);
    expect(updated.errors).toBeUndefined();
    const restList = (await rest('GET', `/api/${entry.path}`)).body as Json[];
    expect(pick(restList.find((record) => record.id === id), fields)).toEqual(updated.data!.updated);
    expect(updated.data!.updated).toMatchObject(
      Object.fromEntries(Object.entries(sample.changed).filter(([, value]) => value !== '' && value !== null)),
    );
  });

  it('rejects bad input with the same field errors as REST, on create and update', async () => {
    const restCreate = await rest('POST', `/api/admin/${entry.path}`, sample.invalid, adminCookie);
    expect(restCreate.status).toBe(400);
    const restErrors = (restCreate.body as { errors: unknown[] }).errors;
    expect(restErrors.length).toBeGreaterThan(1);

    const graphCreate = await gql(createMutation(), { input: sample.invalid }, adminCookie);
    expect(graphCreate.data).toBeNull();
    expect(graphCreate.errors).toHaveLength(1);
    expect(graphCreate.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', errors: restErrors });
    expect(graphCreate.errors![0]!.message).toBe((restCreate.body as Json).message);

    const existing = (await gql(listQuery())).data![entry.listField] as Json[];
    const id = existing[0]!.id as number;
    const restUpdate = await rest('PUT', `/api/admin/${entry.path}/${id}`, sample.invalid, adminCookie);
    const graphUpdate = await gql(updateMutation(), { id, input: sample.invalid }, adminCookie);
    expect(restUpdate.status).toBe(400);
    expect(graphUpdate.errors![0]!.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      errors: (restUpdate.body as { errors: unknown[] }).errors,
    });
  });

  it('deletes a record; an unknown id is NOT_FOUND where REST says 404', async () => {
    const created = await gql(createMutation(), { input: sample.valid }, adminCookie);
    const id = (created.data!.created as Json).id as number;
    expect((await gql(deleteMutation, { id }, adminCookie)).data).toEqual({ deleted: true });
    const restList = (await rest('GET', `/api/${entry.path}`)).body as Json[];
    expect(restList.map((record) => record.id)).not.toContain(id);

    const again = await gql(deleteMutation, { id }, adminCookie);
    expect(again.errors![0]!.extensions?.code).toBe('NOT_FOUND');
    expect((await rest('DELETE', `/api/admin/${entry.path}/${id}`, undefined, adminCookie)).status).toBe(404);
    const update = await gql(updateMutation(), { id, input: sample.valid }, adminCookie);
    expect(update.errors![0]!.extensions?.code).toBe('NOT_FOUND');
    expect((await rest('PUT', `/api/admin/${entry.path}/${id}`, sample.valid, adminCookie)).status).toBe(404);
  });
});

describe.each(singletons.map((entry) => [entry.typeName, entry] as const))('singleton %s', (typeName, entry) => {
  const sample = samples[typeName]!;
  let selection: string;
  let fields: string[];
  const updateMutation = () =>
    `mutation($id: Int!, $input: ${typeName}Input!) { updated: update${typeName}(id: $id, input: $input) ${selection} }`;

  beforeAll(async () => {
    selection = await selectionOf(typeName);
    fields = fieldsOf(selection);
  });

  async function current(): Promise<Json> {
    const result = await gql(`{ ${entry.field} ${selection} }`);
    expect(result.errors).toBeUndefined();
    return result.data![entry.field] as Json;
  }

  it('reads the same record as REST', async () => {
    const record = await current();
    expect(record).not.toBeNull();
    expect(record).toEqual(pick((await rest('GET', `/api/${entry.path}`)).body, fields));
  });

  it('updates by id, and REST reads the change', async () => {
    const before = await current();
    const { id } = before;
    const updated = await gql(updateMutation(), { id, input: sample.changed }, adminCookie);
    expect(updated.errors).toBeUndefined();
    // Every update moves the version on by one.
    expect(updated.data!.updated).toEqual({ id, ...sample.changed, version: (before.version as number) + 1 });
    expect(pick((await rest('GET', `/api/${entry.path}`)).body, fields)).toEqual(updated.data!.updated);
  });

  it('rejects bad input with the same field errors as REST, and an unknown id as NOT_FOUND', async () => {
    const { id } = await current();
    const restUpdate = await rest('PUT', `/api/admin/${entry.path}/${id}`, sample.invalid, adminCookie);
    expect(restUpdate.status).toBe(400);
    const graphUpdate = await gql(updateMutation(), { id, input: sample.invalid }, adminCookie);
    expect(graphUpdate.errors![0]!.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      errors: (restUpdate.body as { errors: unknown[] }).errors,
    });

    const wrongId = (id as number) + 1000;
    const notFound = await gql(updateMutation(), { id: wrongId, input: sample.valid }, adminCookie);
    expect(notFound.errors![0]!.extensions?.code).toBe('NOT_FOUND');
    expect((await rest('PUT', `/api/admin/${entry.path}/${wrongId}`, sample.valid, adminCookie)).status).toBe(404);
  });
});

/** A syntactically valid value for an argument of the given type (content is irrelevant). */
function placeholder(type: unknown): unknown {
  const named = getNamedType(type as GraphQLNonNull<GraphQLScalarType>);
  if (isListType(type)) return [];
  if (named instanceof GraphQLInputObjectType) {
    return Object.fromEntries(
      Object.values(named.getFields())
        .filter((field) => field.type instanceof GraphQLNonNull)
        .map((field) => [field.name, placeholder(field.type)]),
    );
  }
  if (named.name === 'Int') return 1;
  if (named.name === 'Boolean') return true;
  return 'x';
}

/** A multipart GraphQL request uploading `bytes` as the `file` variable of uploadImage. */
async function uploadImage(bytes: Uint8Array, filename: string, type: string, cookie?: string, preflight = true) {
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({ query: 'mutation($file: Upload!) { uploadImage(file: $file) { url } }', variables: { file: null } }),
  );
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([bytes], { type }), filename);
  const response = await fetch(`${app.baseUrl}/graphql`, {
    method: 'POST',
    headers: { ...(preflight ? { 'apollo-require-preflight': 'true' } : {}), ...(cookie ? { cookie } : {}) },
    body: form,
  });
  return { status: response.status, ...((await response.json()) as object) } as GraphQLResponse;
}

// The smallest valid PNG: 1x1, one grey pixel.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  'base64',
);

describe('refusals', () => {
  it('refuses an anonymous caller on every mutation field except login and logout', async () => {
    const mutationFields = Object.values((await graphQLSchema()).getMutationType()!.getFields()) as GraphQLField<
      unknown,
      unknown
    >[];
    const guarded = mutationFields.filter((field) => !['login', 'logout'].includes(field.name));
    expect(guarded.length).toBeGreaterThanOrEqual(21);
    for (const field of guarded) {
      let result: GraphQLResponse;
      if (field.name === 'uploadImage') {
        result = await uploadImage(png, 'pixel.png', 'image/png');
      } else {
        const variables = Object.fromEntries(field.args.map((arg) => [arg.name, placeholder(arg.type)]));
        const declared = field.args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(', ');
        const passed = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
        const type = getNamedType(field.type);
        const subselection = 'getFields' in type ? ' { __typename }' : '';
        result = await gql(
          `mutation${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${subselection} }`,
          variables,
        );
      }
      expect([field.name, result.errors?.[0]?.extensions?.code, result.errors?.[0]?.message]).toEqual([
        field.name,
        'UNAUTHENTICATED',
        'Unauthorized',
      ]);
      expect(result.data).toBeNull();
    }
  });

  it('answers a GET query without the preflight header (it cannot mutate), but refuses a multipart post without it', async () => {
    const query = encodeURIComponent('{ countries { id } }');
    const bare = await fetch(`${app.baseUrl}/graphql?query=${query}`);
    expect(bare.status).toBe(200);
    expect(((await bare.json()) as { data: Json }).data.countries).toEqual(expect.any(Array));
    const getMutation = await fetch(`${app.baseUrl}/graphql?query=${encodeURIComponent('mutation { logout }')}`, { headers: { cookie: adminCookie } });
    expect(getMutation.status).toBe(405);
    const preflighted = await fetch(`${app.baseUrl}/graphql?query=${query}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(preflighted.status).toBe(200);

    const multipart = await uploadImage(png, 'pixel.png', 'image/png', adminCookie, false);
    expect(multipart.status).toBe(400);
    expect(multipart.errors![0]!.message).toContain('Cross-Site Request Forgery');

    const simplePost = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie: adminCookie },
      body: JSON.stringify({ query: 'mutation { logout }' }),
    });
    expect(simplePost.status).toBe(400);
    // The refused logout did not run: the admin is still signed in.
    expect((await gql('{ me { username } }', {}, adminCookie)).data).toEqual({ me: { username: TEST_ADMIN.username } });
  });

  it('refuses an over-deep query before executing it', async () => {
    let nested = 'name';
    for (let level = 0; level < 25; level += 1) nested = `ofType { ${nested} }`;
    const result = await gql(`{ __schema { types { ${nested} } } }`);
    expect(result.status).toBe(400);
    expect(result.errors).toEqual([
      {
        message: 'Query is too deep: the maximum depth is 20',
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'maxDepth' },
      },
    ]);
    expect(result.data).toBeUndefined();

    let recursive = 'name';
    for (let level = 0; level < 6; level += 1) recursive = `fields { type { ${recursive} } }`;
    const introspection = await gql(`{ __schema { types { ${recursive} } } }`);
    expect(introspection.status).toBe(400);
    expect(introspection.errors![0]!.message).toBe('Maximum introspection depth exceeded');
  });

  it('refuses an alias-flooded query', async () => {
    const flood = Array.from({ length: 200 }, (_, index) => `a${index}: countries { id name }`).join(' ');
    const result = await gql(`{ ${flood} }`);
    expect(result.status).toBe(400);
    expect(result.errors).toContainEqual({
      message: 'Too many aliases: the maximum is 15',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'maxAliases' },
    });
    expect(result.data).toBeUndefined();
  });

  it('refuses a query selecting too many fields', async () => {
    const result = await gql(`{ countries { ${'id name '.repeat(400)} } }`);
    expect(result.status).toBe(400);
    expect(result.errors).toContainEqual({
      message: 'Query is too complex: the maximum is 600 fields',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'maxCost' },
    });
  });

  it('refuses batched requests', async () => {
    const response = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ query: '{ countries { id } }' }, { query: '{ brands { id } }' }]),
    });
    expect(response.status).toBe(400);
  });

  it('answers malformed and oversized bodies with a 4xx GraphQL error, not a 500', async () => {
    const broken = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query": ',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as GraphQLResponse).errors![0]!.extensions?.code).toBe('BAD_REQUEST');

    const huge = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ countries { id } } # ${'x'.repeat(200_000)}` }),
    });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as GraphQLResponse).errors![0]!.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('uploads', () => {
  it('stores real image bytes and serves them at the returned url', async () => {
    const result = await uploadImage(png, 'pixel.png', 'image/png', adminCookie);
    expect(result.errors).toBeUndefined();
    const { url } = (result.data as { uploadImage: { url: string } }).uploadImage;
    expect(url).toMatch(/^\/uploads\//);
    const served = await fetch(`${app.baseUrl}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    // Re-encoded by sharp: the same picture, not the same bytes.
    expect(await pixelDistance(Buffer.from(await served.arrayBuffer()), png)).toBe(0);
  });

  it('refuses a file that only claims to be an image, with the REST message', async () => {
    const fake = new TextEncoder().encode('<?php echo "not an image"; ?>');
    const result = await uploadImage(fake, 'photo.png', 'image/png', adminCookie);
    expect(result.data).toBeNull();
    expect(result.errors![0]!.extensions?.code).toBe('BAD_USER_INPUT');
    expect(result.errors![0]!.message).toBe('Please select an image file');
  });

  it('refuses an upload announcing a huge body before reading it', async () => {
    const { port } = new URL(app.baseUrl);
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        path: '/graphql',
        method: 'POST',
        headers: {
          'content-type': 'multipart/form-data; boundary=nothing-follows',
          'content-length': String(500 * 1024 * 1024),
          'apollo-require-preflight': 'true',
          cookie: adminCookie,
        },
      });
      request.on('response', (response) => {
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(status).toBe(413);
  });

  it('refuses a file over 10 MB', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(png);
    const result = await uploadImage(big, 'big.png', 'image/png', adminCookie);
    expect(result.errors![0]!.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    expect(result.errors![0]!.message).toBe('Maximum file size is 10MB');
  });
});

describe('auth', () => {
  const meQuery = '{ me { id username createdAt updatedAt } }';
  const loginMutation = 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { id username } }';

  it('me is null for an anonymous caller and the admin for a session', async () => {
    expect((await gql(meQuery)).data).toEqual({ me: null });
    const me = (await gql(meQuery, {}, adminCookie)).data!.me as Json;
    expect(me.username).toBe(TEST_ADMIN.username);
  });

  it('a GraphQL login cookie works on REST, and a GraphQL logout ends it there too', async () => {
    const login = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: loginMutation, variables: { u: TEST_ADMIN.username, p: TEST_ADMIN.password } }),
    });
    const body = (await login.json()) as GraphQLResponse;
    expect(body.errors).toBeUndefined();
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    expect((await rest('GET', '/api/auth/check', undefined, cookie)).body).toMatchObject({ authenticated: true });

    expect((await gql('mutation { logout }', {}, cookie)).data).toEqual({ logout: true });
    expect((await rest('GET', '/api/auth/check', undefined, cookie)).body).toMatchObject({ authenticated: false });
    expect((await gql(meQuery, {}, cookie)).data).toEqual({ me: null });
  });

  it('a REST login cookie works on GraphQL', async () => {
    const cookie = await app.login();
    expect(((await gql(meQuery, {}, cookie)).data!.me as Json).username).toBe(TEST_ADMIN.username);
  });

  it('wrong credentials are UNAUTHENTICATED with the REST message', async () => {
    const result = await gql(loginMutation, { u: TEST_ADMIN.username, p: 'wrong password' });
    expect(result.errors![0]!.extensions?.code).toBe('UNAUTHENTICATED');
    expect(result.errors![0]!.message).toBe('Invalid credentials');
  });

  it('refuses several logins in one request, so aliases cannot multiply guesses', async () => {
    const result = await gql(
      `mutation { a: login(username: "ghost", password: "one") { id } b: login(username: "ghost", password: "two") { id } }`,
    );
    expect(result.status).toBe(400);
    expect(result.errors![0]!.message).toBe('Only one login is allowed per request');
  });

  it('shares the login rate limit with REST', async () => {
    const { perUsername } = LOGIN_LIMITS;
    for (let attempt = 0; attempt < perUsername; attempt += 1) {
      const result = await gql(loginMutation, { u: 'rate-limited', p: `guess ${attempt}` });
      expect(result.errors![0]!.extensions?.code).toBe('UNAUTHENTICATED');
    }
    const blocked = await gql(loginMutation, { u: 'rate-limited', p: 'one more' });
    expect(blocked.errors![0]!.extensions?.code).toBe('TOO_MANY_REQUESTS');
    const restAttempt = await rest('POST', '/api/login', { username: 'rate-limited', password: 'one more' });
    expect(restAttempt.status).toBe(429);
  });
});

describe('error formatting', () => {
  const logger = { error: () => {} } as never;
  const located = { message: 'relation "x" does not exist', path: ['countries'], extensions: { code: 'INTERNAL_SERVER_ERROR', stacktrace: ['at db'] } };

  it('masks unexpected errors in production and never passes a stack trace on', () => {
    const format = createErrorFormatter({ maskUnexpected: true, logger });
    expect(format(located, new Error('relation "x" does not exist'))).toEqual({
      message: 'Internal server error',
      path: ['countries'],
      locations: undefined,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
  });

  it('gives typed service errors their code, message and field errors', () => {
    const format = createErrorFormatter({ maskUnexpected: true, logger });
    expect(format({ message: 'x', path: ['updateCountry'] }, new NotFound('Country not found'))).toEqual({
      message: 'Country not found',
      path: ['updateCountry'],
      locations: undefined,
      extensions: { code: 'NOT_FOUND' },
    });
    const errors = [{ field: 'name', message: 'Name is required' }];
    expect(format({ message: 'x' }, new ValidationFailed(errors)).extensions).toEqual({ code: 'BAD_USER_INPUT', errors });
  });
});

describe('in production', () => {
  let production: TestApp;
  let introspectable: TestApp;

  beforeAll(async () => {
    production = await startTestApp({ env: 'production' });
    introspectable = await startTestApp({ env: 'production', graphqlIntrospection: true });
  });

  afterAll(async () => {
    await production?.close();
    await introspectable?.close();
  });

  const post = async (target: TestApp, query: string) => {
    const response = await fetch(`${target.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    return { status: response.status, ...((await response.json()) as object) } as GraphQLResponse;
  };

  it('masks an unexpected failure and sends no stack trace', async () => {
    await production.orm.em.getConnection().execute('alter table countries rename to countries_gone');
    try {
      const result = await post(production, '{ countries { id } }');
      expect(result.errors).toEqual([
        { message: 'Internal server error', locations: [{ line: 1, column: 3 }], path: ['countries'], extensions: { code: 'INTERNAL_SERVER_ERROR' } },
      ]);
      expect(JSON.stringify(result)).not.toMatch(/countries_gone|relation|stacktrace|\.js:\d+/);
    } finally {
      await production.orm.em.getConnection().execute('alter table countries_gone rename to countries');
    }
  });

  it('keeps introspection and the Sandbox off unless GRAPHQL_INTROSPECTION allows them', async () => {
    const closed = await post(production, '{ __schema { queryType { name } } }');
    expect(closed.status).toBe(400);
    expect(closed.errors![0]!.message).toMatch(/introspection is not allowed/i);
    const sandbox = await fetch(`${production.baseUrl}/graphql`, { headers: { accept: 'text/html' } });
    expect(await sandbox.text()).not.toMatch(/sandbox/i);

    const open = await post(introspectable, '{ __schema { queryType { name } } }');
    expect(open.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    const page = await fetch(`${introspectable.baseUrl}/graphql`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/sandbox/i);
  });
});

describe('hostile requests to the GraphQL endpoint', () => {
  let watched: TestApp;
  let watchedCookie: string;
  const logged: { level: number; msg?: string; err?: unknown }[] = [];

  beforeAll(async () => {
    const stream = { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) };
    watched = await startTestApp({}, { logger: pino({ level: 'info' }, stream) });
    watchedCookie = await watched.login();
  });

  afterAll(async () => {
    await watched?.close();
  });

  const errorLines = (from: number) => logged.slice(from).filter((line) => line.level >= 50 || JSON.stringify(line).includes('"stack"'));

  async function send(method: 'GET' | 'POST', body: Json, cookie?: string) {
    const headers: Record<string, string> = cookie ? { cookie } : {};
    let url = `${watched.baseUrl}/graphql`;
    let payload: string | undefined;
    if (method === 'GET') {
      // `[`, `]`, `{`, `}` and `:` travel unencoded in a query string: a deep array fits in a URL.
      url += `?${Object.entries(body)
        .map(([name, value]) => `${name}=${(typeof value === 'string' ? value : JSON.stringify(value)).replace(/[^[\]{}:,\w]/g, (c) => encodeURIComponent(c))}`)
        .join('&')}`;
    } else {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(url, { method, headers, body: payload });
    const text = await response.text();
    return { status: response.status, text, body: JSON.parse(text) as GraphQLResponse };
  }

  /** `{ v: [[[...1...]]] }`, `depth` arrays deep (built as text: JSON.stringify would recurse). */
  const deepVariables = (depth: number) => `{"v":${'['.repeat(depth)}1${']'.repeat(depth)}}`;

  it('answers variables nested thousands deep with 400 BAD_USER_INPUT, over GET and POST, with or without a session', async () => {
    const query = 'query Stats { statistics { id } }';
    const from = logged.length;
    for (const depth of [3_000, 7_000]) {
      for (const method of ['GET', 'POST'] as const) {
        for (const cookie of [undefined, watchedCookie]) {
          const variables = deepVariables(depth);
          const reply =
            method === 'GET'
              ? await send('GET', { query, variables }, cookie)
              : await (async () => {
                  const response = await fetch(`${watched.baseUrl}/graphql`, {
                    method: 'POST',
                    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
                    body: `{"query":${JSON.stringify(query)},"variables":${variables}}`,
                  });
                  const text = await response.text();
                  return { status: response.status, text, body: JSON.parse(text) as GraphQLResponse };
                })();
          const what = `${method} depth ${depth}${cookie ? ' signed in' : ''}`;
          expect({ what, status: reply.status, code: reply.body.errors?.[0]?.extensions?.code }).toEqual({ what, status: 400, code: 'BAD_USER_INPUT' });
          expect(reply.body.errors![0].message).toMatch(/nested too deeply/);
          expect(reply.text).not.toMatch(/\bat .+:\d+:\d+/);
        }
      }
    }
    // Reasonable nesting is still answered (and cached) as before.
    for (const cookie of [undefined, watchedCookie]) {
      const shallow = await send('POST', { query: 'query Latest($n: Int) { news(limit: $n) { id } }', variables: { n: 1, extra: { a: [[[{ b: 1 }]]] } } }, cookie);
      expect(shallow.status).toBe(200);
      expect(shallow.body.data).toEqual({ news: expect.any(Array) });
    }
    expect(errorLines(from)).toEqual([]);
  });

  it('answers persisted-query protocol errors with their codes, over GET and POST, and logs no error', async () => {
    const query = '{ statistics { id } }';
    const hash = createHash('sha256').update(query).digest('hex');
    const from = logged.length;
    for (const method of ['GET', 'POST'] as const) {
      for (const cookie of [undefined, watchedCookie]) {
        const what = `${method}${cookie ? ' signed in' : ''}`;
        const unknown = await send(method, { extensions: { persistedQuery: { version: 1, sha256Hash: 'f'.repeat(64) } } }, cookie);
        expect({ what, status: unknown.status < 500, code: unknown.body.errors?.[0]?.extensions?.code }).toEqual({ what, status: true, code: 'PERSISTED_QUERY_NOT_FOUND' });
        for (const persistedQuery of [{ version: 2, sha256Hash: hash }, { sha256Hash: hash }, 'yes', { version: '1', sha256Hash: hash }]) {
          const unsupported = await send(method, { query, extensions: { persistedQuery } }, cookie);
          expect({ what, persistedQuery, status: unsupported.status, code: unsupported.body.errors?.[0]?.extensions?.code }).toEqual({
            what,
            persistedQuery,
            status: 400,
            code: 'PERSISTED_QUERY_NOT_SUPPORTED',
          });
        }
        for (const sha256Hash of ['0'.repeat(64), hash.toUpperCase(), 42]) {
          const mismatch = await send(method, { query, extensions: { persistedQuery: { version: 1, sha256Hash } } }, cookie);
          expect({ what, sha256Hash, status: mismatch.status, code: mismatch.body.errors?.[0]?.extensions?.code }).toEqual({ what, sha256Hash, status: 400, code: 'BAD_REQUEST' });
          expect(mismatch.body.errors![0].message).toMatch(/does not match/);
        }
      }
    }
    expect(errorLines(from)).toEqual([]);
  });
});
