import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { Canvas } from '../../src/db/seeds/png.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';
import { startTestApp } from '../helpers/test-app.js';

// Cross-site request forgery: state-changing requests from another site's pages are refused,
// JSON and multipart, REST and GraphQL; the site's own pages, configured origins and clients
// that send no Origin (curl, servers) are not.

const EVIL = 'https://evil.example';
const TRUSTED = 'https://partner.example';
const PUBLIC = 'https://www.firm.example';
const REFUSED = { message: 'Cross-site request refused' };
const GRAPHQL_REFUSED = { errors: [{ message: 'Cross-site request refused', extensions: { code: 'FORBIDDEN' } }] };

const session = signedInApp({ trustedOrigins: [TRUSTED], publicUrl: PUBLIC });

const PNG = new Canvas(4, 4, [90, 20, 160]).toPng();
const country = { name: 'Ruritania', code: 'RU', flagImageUrl: 'https://flags.example/ru.png' };
const countCountries = async () => (await session.app.orm.em.fork().getConnection().execute('select count(*)::int as n from countries'))[0].n;
const storedFiles = () => {
  const dir = path.join(session.app.deps.config.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

function imageForm(): FormData {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'a.png');
  return form;
}

function graphqlUploadForm(): FormData {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: 'mutation($f: Upload!) { uploadImage(file: $f) { url } }', variables: { f: null } }));
  form.append('map', JSON.stringify({ 0: ['variables.f'] }));
  form.append('0', new Blob([PNG], { type: 'image/png' }), 'a.png');
  return form;
}

const CREATE_COUNTRY = {
  query: 'mutation($input: CountryInput!) { createCountry(input: $input) { id } }',
  variables: { input: country },
};

describe.each([
  ['Origin: https://evil.example', { origin: EVIL }],
  ['Origin: null', { origin: 'null' }],
  ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ['a same-host Origin on another port', { origin: 'http://127.0.0.1:1' }],
])('a request with %s', (_label, headers: Record<string, string>) => {
  it('is refused on a JSON admin POST, PUT and DELETE, changing nothing', async () => {
    const before = await countCountries();
    const post = await request(session.app.baseUrl, 'POST', '/api/admin/countries', { cookie: session.cookie, headers, json: country });
    expect(post.status).toBe(403);
    expect(post.body).toEqual(REFUSED);
    expect(await countCountries()).toBe(before);
    const created = await request(session.app.baseUrl, 'POST', '/api/admin/countries', { cookie: session.cookie, json: country });
    expect(created.status).toBe(201);
    const put = await request(session.app.baseUrl, 'PUT', `/api/admin/countries/${created.body.id}`, { cookie: session.cookie, headers, json: { name: 'Changed' } });
    expect([put.status, put.body]).toEqual([403, REFUSED]);
    const del = await request(session.app.baseUrl, 'DELETE', `/api/admin/countries/${created.body.id}`, { cookie: session.cookie, headers });
    expect([del.status, del.body]).toEqual([403, REFUSED]);
    expect((await request(session.app.baseUrl, 'GET', `/api/countries/${created.body.id}`)).body.name).toBe('Ruritania');
  });

  it('is refused on a multipart upload, storing nothing', async () => {
    const before = storedFiles();
    const reply = await request(session.app.baseUrl, 'POST', '/api/upload-image', { cookie: session.cookie, headers, body: imageForm() });
    expect([reply.status, reply.body]).toEqual([403, REFUSED]);
    expect(storedFiles()).toBe(before);
  });

  it('is refused on logout and login; the session lives on', async () => {
    const logout = await request(session.app.baseUrl, 'POST', '/api/logout', { cookie: session.cookie, headers });
    expect([logout.status, logout.body]).toEqual([403, REFUSED]);
    expect((await request(session.app.baseUrl, 'GET', '/api/auth/check', { cookie: session.cookie })).body).toEqual({ authenticated: true });
    const login = await request(session.app.baseUrl, 'POST', '/api/login', { headers, json: { username: 'admin', password: 'x' } });
    expect([login.status, login.body]).toEqual([403, REFUSED]);
  });

  it('is refused on a GraphQL mutation (403, GraphQL shape), JSON and multipart', async () => {
    const before = await countCountries();
    const mutation = await request(session.app.baseUrl, 'POST', '/graphql', { cookie: session.cookie, headers, json: CREATE_COUNTRY });
    expect([mutation.status, mutation.body]).toEqual([403, GRAPHQL_REFUSED]);
    expect(await countCountries()).toBe(before);
    const logout = await request(session.app.baseUrl, 'POST', '/graphql', { cookie: session.cookie, headers, json: { query: 'mutation { logout }' } });
    expect([logout.status, logout.body]).toEqual([403, GRAPHQL_REFUSED]);

    const files = storedFiles();
    const upload = await request(session.app.baseUrl, 'POST', '/graphql', {
      cookie: session.cookie,
      headers: { ...headers, 'apollo-require-preflight': 'true' },
      body: graphqlUploadForm(),
    });
    expect([upload.status, upload.body]).toEqual([403, GRAPHQL_REFUSED]);
    expect(storedFiles()).toBe(files);
  });

  it('still reads: GET pages of the API and GraphQL queries', async () => {
    expect((await request(session.app.baseUrl, 'GET', '/api/countries', { headers })).status).toBe(200);
    const query = await request(session.app.baseUrl, 'POST', '/graphql', { headers, json: { query: '{ statistics { expertCount } }' } });
    expect(query.status).toBe(200);
    expect(query.body.data.statistics).toBeDefined();
  });
});

describe('behind a trusted proxy', () => {
  it('takes the site’s own origin from X-Forwarded-Proto and X-Forwarded-Host', async () => {
    const proxied = await startTestApp({ trustProxy: 'loopback' });
    try {
      const cookie = await proxied.login();
      const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'site.example' };
      const own = await request(proxied.baseUrl, 'POST', '/api/admin/countries', {
        cookie,
        headers: { ...forwarded, origin: 'https://site.example' },
        json: country,
      });
      expect(own.status).toBe(201);
      const other = await request(proxied.baseUrl, 'POST', '/api/admin/countries', {
        cookie,
        headers: { ...forwarded, origin: 'http://site.example' },
        json: country,
      });
      expect([other.status, other.body]).toEqual([403, REFUSED]);
    } finally {
      await proxied.close();
    }
  });
});

describe('requests that are not cross-site', () => {
  it.each([
    ['no Origin (curl, server to server)', {}],
    ['the site’s own origin', 'own'],
    ['PUBLIC_URL', { origin: PUBLIC }],
    ['a TRUSTED_ORIGINS entry', { origin: TRUSTED }],
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
  ])('pass with %s', async (_label, given) => {
    const headers: Record<string, string> = given === 'own' ? { origin: session.app.baseUrl } : (given as Record<string, string>);
    const created = await request(session.app.baseUrl, 'POST', '/api/admin/countries', { cookie: session.cookie, headers, json: country });
    expect(created.status).toBe(201);
    const upload = await request(session.app.baseUrl, 'POST', '/api/upload-image', { cookie: session.cookie, headers, body: imageForm() });
    expect(upload.status).toBe(201);
    const mutation = await request(session.app.baseUrl, 'POST', '/graphql', { cookie: session.cookie, headers, json: CREATE_COUNTRY });
    expect(mutation.status).toBe(200);
    expect(mutation.body.data.createCountry.id).toEqual(expect.any(Number));
  });
});
