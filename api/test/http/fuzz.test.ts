import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { MAX_VARIABLES_DEPTH } from '../../src/graphql/limits.js';
import { graphQLSchema } from '../../src/graphql/schema.js';
import { PUBLIC_PAGE_PATHS } from '../../src/seo/seo-files.js';
import { fakeRenders, startPagesApp } from '../helpers/fixtures/web-dist.js';
import { appRoutes, type Route } from '../helpers/routes.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// Property-based fuzzing of every REST route and every GraphQL field, signed in as an admin (the
// widest surface) and anonymously: whatever arrives, the answer is a deliberate one (no 5xx, no
// stack trace) and it comes back promptly. Bounded and seeded; on a failure fast-check prints
// the seed and the shrunk request, and FUZZ_SEED=<seed> replays it.

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const ANSWER_WITHIN_MS = 10_000;

/** A Node stack frame (`at fn (file.js:1:2)`) or a path into the code, in any response body. */
const LEAK = /\bat .+:\d+:\d+\)?|node_modules|\/src\/.+\.(ts|js)\b/;

const state = signedInApp();

// The pages (over the fake web build: the API's tests need no built web app) on the same database.
let pages: Awaited<ReturnType<typeof startPagesApp>>;
beforeAll(async () => {
  pages = await startPagesApp(state.app.deps);
});
afterAll(async () => {
  await pages?.close();
});

/** Texts that have broken parsers before: control characters, odd escapes, huge and tiny numbers. */
const nastyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '%', '%E0%A4%A', '../../etc/passwd', '<script>x</script>', '"', '1e309', '-0', 'NaN', '__proto__', 'constructor'),
  fc.constant('x'.repeat(25_000)),
);
const nastyNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER + 2, 1e308));
const nastyJson = fc.oneof(
  { depthSize: 'small' },
  fc.jsonValue({ maxDepth: 3 }),
  nastyText,
  nastyNumber,
  fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('name', 'title', 'displayOrder', 'featured', 'icon', 'pictureUrl', 'id', 'version', 'username', 'password', 'url', 'secret', 'events')), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 8 }),
);
/** A path segment: ids, non-ids, encoded oddities, and raw malformed %-escapes. */
const segment = fc.oneof(
  fc.constantFrom('1', '0', '-1', '1.5', '99999999999999999999', '%00', '%E0%A4%A', '%2e%2e', 'null'),
  fc.nat().map(String),
  fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);

interface FuzzRequest {
  method: string;
  path: string;
  body?: string;
  headers: Record<string, string>;
}

async function send(baseUrl: string, request: FuzzRequest): Promise<{ status: number; text: string }> {
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
  });
  return { status: response.status, text: await response.text() };
}

function expectDeliberateAnswer(request: FuzzRequest, reply: { status: number; text: string }): void {
  const what = `${request.method} ${request.path} ${request.body?.slice(0, 300) ?? ''}`;
  expect({ what, status: reply.status < 500 }).toEqual({ what, status: true });
  expect({ what, leak: LEAK.test(reply.text) }).toEqual({ what, leak: false });
}

/** Routes that would end the fuzzing session itself are left out of the signed-in run. */
const ENDS_THE_SESSION = new Set(['POST /api/logout']);

function restRequest(routes: Route[], cookie: string | undefined): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      route: fc.constantFrom(...routes),
      params: fc.array(segment, { minLength: 4, maxLength: 4 }),
      query: fc.option(fc.dictionary(fc.string({ maxLength: 8 }).map(encodeURIComponent), nastyText.map((t) => encodeURIComponent(t.slice(0, 200))), { maxKeys: 3 }), { nil: undefined }),
      body: nastyJson,
      rawBody: fc.option(fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('{', '{"a":', '[1,2', 'null', '\u0000')), { nil: undefined }),
      contentType: fc.constantFrom('application/json', 'application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded'),
      ifMatch: fc.option(fc.oneof(nastyText.map((t) => t.replace(/[^\x20-\x7e]/g, '').slice(0, 40)), fc.nat().map(String)), { nil: undefined }),
    })
    .map(({ route, params, query, body, rawBody, contentType, ifMatch }) => {
      let i = 0;
      let path = route.path.replace(/:[A-Za-z]+|\{\*[A-Za-z]+\}|\*[A-Za-z]+/g, () => params[i++ % params.length]);
      if (query) path += `?${Object.entries(query).map(([k, v]) => `${k}=${v}`).join('&')}`;
      const headers: Record<string, string> = { 'content-type': contentType };
      if (cookie) headers.cookie = cookie;
      if (ifMatch !== undefined) headers['if-match'] = ifMatch;
      const carriesBody = route.method !== 'GET' && route.method !== 'HEAD';
      return { method: route.method, path, headers, body: carriesBody ? (rawBody ?? JSON.stringify(body)) : undefined };
    });
}

/** Values for a GraphQL input type: mostly of the right shape (to get past coercion), sometimes not. */
function valueFor(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  const wrong = nastyJson as fc.Arbitrary<unknown>;
  if (isNonNullType(type)) return fc.oneof({ weight: 8, arbitrary: valueFor(type.ofType, depth) }, { weight: 1, arbitrary: fc.constant(null) });
  if (isListType(type)) return fc.oneof(fc.array(valueFor(type.ofType, depth + 1), { maxLength: 3 }), wrong);
  if (isEnumType(type)) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...type.getValues().map((v) => v.name)) }, { weight: 1, arbitrary: nastyText });
  if (isInputObjectType(type)) {
    if (depth > 2) return fc.constant({});
    const fields = Object.values(type.getFields());
    const shape = Object.fromEntries(fields.map((f) => [f.name, fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 6, arbitrary: valueFor(f.type, depth + 1) })]));
    return fc.oneof({ weight: 6, arbitrary: fc.record(shape, { requiredKeys: [] }) }, { weight: 1, arbitrary: wrong });
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int':
        return fc.oneof({ weight: 4, arbitrary: fc.integer({ min: -5, max: 1_000_000 }) }, { weight: 1, arbitrary: nastyNumber }, { weight: 1, arbitrary: nastyText });
      case 'Boolean':
        return fc.oneof({ weight: 4, arbitrary: fc.boolean() }, { weight: 1, arbitrary: wrong });
      case 'String':
      case 'ID':
        return fc.oneof({ weight: 4, arbitrary: nastyText }, { weight: 1, arbitrary: wrong });
      default:
        return wrong;
    }
  }
  return wrong;
}

/** One operation calling `field` with every argument as a variable, selecting `__typename` on objects. */
function operationFor(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): { query: string; args: readonly GraphQLArgument[] } {
  const args = field.args;
  const declared = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const passed = args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const named = getNamedType(field.type);
  const selection = isScalarType(named) || isEnumType(named) ? '' : ' { __typename }';
  const query = `${kind} Fuzz${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${selection} }`;
  return { query, args };
}

async function graphQLRequests(cookie: string | undefined): Promise<fc.Arbitrary<FuzzRequest>> {
  const schema = await graphQLSchema();
  const fields = [
    ...Object.values(schema.getQueryType()?.getFields() ?? {}).map((f) => operationFor('query', f)),
    ...Object.values(schema.getMutationType()?.getFields() ?? {})
      .filter((f) => f.name !== 'logout')
      // Files go through the multipart reader, fuzzed in uploads/multipart.test.ts.
      .filter((f) => !f.args.some((a) => getNamedType(a.type).name === 'Upload'))
      .map((f) => operationFor('mutation', f)),
  ];
  return fc
    .constantFrom(...fields)
    .chain(({ query, args }) =>
      fc.record(Object.fromEntries(args.map((a) => [a.name, valueFor(a.type)])), { requiredKeys: [] }).map((variables) => ({ query, variables })),
    )
    .map(({ query, variables }) => ({
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ query, variables }),
    }));
}

function expectNoInternalGraphQLError(request: FuzzRequest, reply: { status: number; text: string }): void {
  expectDeliberateAnswer(request, reply);
  const codes = [...reply.text.matchAll(/"code":"([A-Z_]+)"/g)].map((m) => m[1]);
  expect({ body: request.body?.slice(0, 300), codes: codes.filter((c) => c === 'INTERNAL_SERVER_ERROR') }).toEqual({ body: request.body?.slice(0, 300), codes: [] });
}

describe('fuzzing (fast-check, seeded)', () => {
  it('every REST route, signed in: no 5xx, no stack trace, an answer within 10 s', async () => {
    const routes = appRoutes(state.app.app).filter((r) => r.path.startsWith('/api') && !ENDS_THE_SESSION.has(`${r.method} ${r.path}`));
    expect(routes.length).toBeGreaterThan(20);
    await fc.assert(
      fc.asyncProperty(restRequest(routes, state.cookie), async (request) => {
        expectDeliberateAnswer(request, await send(state.app.baseUrl, request));
      }),
      { seed: SEED, numRuns: RUNS * 2 },
    );
  }, 300_000);

  it('every REST route, anonymous: no 5xx, no stack trace', async () => {
    const routes = appRoutes(state.app.app).filter((r) => r.path.startsWith('/api'));
    await fc.assert(
      fc.asyncProperty(restRequest(routes, undefined), async (request) => {
        expectDeliberateAnswer(request, await send(state.app.baseUrl, request));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 300_000);

  it('every GraphQL query and mutation with generated variables, signed in: no 5xx, no INTERNAL_SERVER_ERROR, no stack trace', async () => {
    const requests = await graphQLRequests(state.cookie);
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        expectNoInternalGraphQLError(request, await send(state.app.baseUrl, request));
      }),
      { seed: SEED, numRuns: RUNS * 2 },
    );
  }, 300_000);

  it('every GraphQL query and mutation, anonymous', async () => {
    const requests = await graphQLRequests(undefined);
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        expectNoInternalGraphQLError(request, await send(state.app.baseUrl, request));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 300_000);
});

/** Variables `{"v": ...}` nested `depth` levels of lists (and objects, for a body), as text: built without recursion. */
const deepVariables = fc
  .record({ depth: fc.integer({ min: 1, max: 6_000 }), objects: fc.boolean(), leaf: fc.constantFrom('1', '"x"', 'null', '{}', '[]') })
  .map(({ depth, objects, leaf }) => ({
    depth,
    objects,
    text: `{"v":${Array.from({ length: depth }, (_, i) => (objects && i % 2 ? '{"k":' : '[')).join('')}${leaf}${Array.from({ length: depth }, (_, i) => (objects && (depth - 1 - i) % 2 ? '}' : ']')).join('')}}`,
  }));

/** A path a client could send for a page: spellings of the pages, unknown paths, escapes, slashes, dot segments. */
const pagePath = fc
  .record({
    pieces: fc.array(
      fc.oneof(
        fc.constantFrom('news', 'NEWS', 'News', 'team', 'clients', '%6Eews', '%6eews', '', '.', '..', '%2e', '%2E%2E', '%2F', '%5C', 'evil.example', 'index.html', 'admin', 'api', 'assets', 'graphql', 'favicon.svg', '%00', '%E0%A4%A', '~', ';x'),
        fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
      ),
      { minLength: 1, maxLength: 5 },
    ),
    separator: fc.constantFrom('/', '//', '/./'),
    lead: fc.constantFrom('/', '//', '///'),
    query: fc.option(fc.constantFrom('?x=1', '?next=//evil.example', '?a=%0d%0aSet-Cookie:x', '?', '?page=2&page=3'), { nil: '' }),
  })
  .map(({ pieces, separator, lead, query }) => `${lead}${pieces.join(separator)}${query}`);

/** GET of a raw path (fetch would resolve dot segments first). */
function getRaw(baseUrl: string, rawPath: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.get({ host: url.hostname, port: url.port, path: rawPath, timeout: ANSWER_WITHIN_MS }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer to ${rawPath} within ${ANSWER_WITHIN_MS} ms`)));
    req.on('error', reject);
  });
}

describe('fuzzing hostile shapes (fast-check, seeded)', () => {
  it('GraphQL variables nested up to 6,000 deep, GET and POST, anonymous and signed in: 400 BAD_USER_INPUT past the limit, never a 5xx or a stack', async () => {
    const queries = ['{ statistics { id } }', 'query Latest($n: Int) { news(limit: $n) { id } }', 'query Country($id: Int!) { country(id: $id) { id } }'];
    await fc.assert(
      fc.asyncProperty(deepVariables, fc.constantFrom(...queries), fc.boolean(), fc.boolean(), async (variables, query, signedIn, overGet) => {
        // A URL carries lists only (`[` travels unencoded; an object level would not fit in a request line).
        const get = overGet && !variables.objects;
        const request: FuzzRequest = get
          ? { method: 'GET', path: `/graphql?query=${encodeURIComponent(query)}&variables=${variables.text.replace(/"/g, '%22')}`, headers: {} }
          : { method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' }, body: `{"query":${JSON.stringify(query)},"variables":${variables.text}}` };
        if (signedIn) request.headers.cookie = state.cookie;
        const reply = await send(state.app.baseUrl, request);
        expectNoInternalGraphQLError(request, reply);
        if (variables.depth + 1 > MAX_VARIABLES_DEPTH) {
          const what = `${request.method} depth ${variables.depth}`;
          expect({ what, status: reply.status, code: (JSON.parse(reply.text) as { errors: { extensions: { code: string } }[] }).errors[0].extensions.code }).toEqual({
            what,
            status: 400,
            code: 'BAD_USER_INPUT',
          });
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 300_000);

  it('page paths (spellings, unknown paths, escapes, dot segments): no 5xx, no stack, a redirect only to a page of the site, and a handful of renders', async () => {
    const from = fakeRenders().length;
    const base = new URL(pages.baseUrl);
    await fc.assert(
      fc.asyncProperty(pagePath, async (path) => {
        const reply = await getRaw(pages.baseUrl, path);
        expectDeliberateAnswer({ method: 'GET', path, headers: {} }, reply);
        if (reply.status === 301) {
          const location = String(reply.headers.location);
          const target = new URL(location, base);
          expect({ path, location, host: target.host, page: (PUBLIC_PAGE_PATHS as readonly string[]).includes(target.pathname) }).toEqual({
            path,
            location,
            host: base.host,
            page: true,
          });
          expect(location).toMatch(/^\/(?![/\\])/);
        }
      }),
      { seed: SEED, numRuns: RUNS * 2 },
    );
    // Each page and the one not-found page at most once or twice, whatever the paths were.
    expect(fakeRenders().length - from).toBeLessThanOrEqual(2 * (PUBLIC_PAGE_PATHS.length + 1));
  }, 300_000);
});
