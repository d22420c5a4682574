import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { GRAPHQL_READ_MAX_BODY, graphQLRead } from '../../src/site/public-graphql.js';
import { KnownBodies } from '../../src/site/known-bodies.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app.js';

// Anonymous GraphQL queries over POST answered from the read cache before Express runs (the body
// read first, bounded), with exactly what the app answers; everything else handed to the app with
// the body already read, and answered exactly as before. With TRUST_PROXY, a request carrying
// X-Forwarded-Proto (here always `http`: no HSTS) is left to the app untouched, so each case is
// sent both ways and the two answers compared.

let app: TestApp;
let cookie: string;
/** Requests that reached Express's router (a hit answered before Express never does). */
let routed = 0;
beforeAll(async () => {
  app = await startTestApp({ trustProxy: 'loopback' });
  cookie = await app.login();
  const router = app.app.router as unknown as { handle: (...args: unknown[]) => void };
  const handle = router.handle.bind(router);
  router.handle = (...args: unknown[]) => {
    routed += 1;
    handle(...args);
  };
});
afterAll(async () => {
  await app?.close();
});

type Way = 'before Express' | 'in the app';
const WAYS: readonly Way[] = ['in the app', 'before Express'];
/**
 * HTTPS from the trusted proxy: the path before Express leaves such a request to the app (its
 * answer carries Strict-Transport-Security), exactly as Express's req.secure judges it.
 */
const THROUGH_THE_APP = { 'x-forwarded-proto': 'https' };

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Whether the request reached Express's router. */
  routed: boolean;
}

interface Post {
  headers?: Record<string, string>;
  /** The body, sent in these pieces (with a pause between them when `pauseMs`). */
  chunks?: Array<string | Buffer>;
  /** No Content-Length: Transfer-Encoding: chunked. */
  chunked?: boolean;
  pauseMs?: number;
  path?: string;
}

/** A POST with exactly the headers and body framing given (fetch adds its own), one connection each. */
function post(way: Way, { headers = {}, chunks = [], chunked = false, pauseMs = 0, path = '/graphql' }: Post): Promise<Answer> {
  const url = new URL(app.baseUrl);
  const length = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0);
  const all: Record<string, string> = { ...headers, ...(way === 'in the app' ? THROUGH_THE_APP : {}) };
  if (chunked) all['transfer-encoding'] = 'chunked';
  else if (!Object.keys(all).some((name) => name.toLowerCase() === 'content-length')) all['content-length'] = String(length);
  const before = routed;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method: 'POST', path, headers: all, agent: false }, (res) => {
      const received: Buffer[] = [];
      res.on('data', (chunk: Buffer) => received.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: overHttps(way, res.headers), body: Buffer.concat(received), routed: routed > before }));
      res.on('error', reject);
    });
    req.on('error', reject);
    void (async () => {
      for (const chunk of chunks) {
        req.write(chunk);
        if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
      req.end();
    })();
  });
}

/**
 * The headers of an answer, less the one header HTTPS adds (the answer in the app was asked for
 * over HTTPS, the one before Express over plain HTTP), which must be there on the HTTPS one.
 */
function overHttps(way: Way, headers: IncomingHttpHeaders): IncomingHttpHeaders {
  if (way !== 'in the app') return headers;
  if (headers['strict-transport-security'] === undefined) throw new Error('an answer in the app over HTTPS without Strict-Transport-Security');
  const { 'strict-transport-security': _sts, ...rest } = headers;
  return rest;
}

const json = (value: unknown, headers: Record<string, string> = {}): Post => ({
  headers: { 'content-type': 'application/json', ...headers },
  chunks: [JSON.stringify(value)],
});

/** What must be equal between two answers: everything but the date and the connection's own headers. */
function comparable(answer: Answer, ignore: readonly string[] = []) {
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter(([name]) => !['date', 'connection', 'keep-alive', ...ignore].includes(name)),
  );
  return { status: answer.status, headers, body: answer.body.toString('base64') };
}

let distinct = 0;
/** A query of its own (a cache key no other test uses) with a large enough answer to be compressed. */
function freshQuery(): string {
  distinct += 1;
  return `query Read${distinct} { countries { id name code flagImageUrl displayOrder } statistics { expertCount } landingContent { heroTagline heroSubtitle companyDescription mainWebsiteUrl } }`;
}

describe('anonymous GraphQL POST hits', () => {
  it('are answered before Express with exactly the headers and bytes the app sends, in every encoding and as 304', async () => {
    const query = freshQuery();
    const miss = await post('in the app', json({ query }));
    expect(miss.status).toBe(200);
    expect(miss.headers['x-render-cache']).toBe('miss');
    expect(miss.body.length).toBeGreaterThanOrEqual(512);
    for (const encoding of ['identity', 'gzip', 'br', 'br, gzip, deflate', 'gzip;q=0, br;q=0']) {
      const answers = [];
      for (const way of WAYS) answers.push(await post(way, json({ query }, { 'accept-encoding': encoding })));
      const [inApp, early] = answers;
      expect({ encoding, routed: [inApp.routed, early.routed] }).toEqual({ encoding, routed: [true, false] });
      expect(comparable(early)).toEqual(comparable(inApp));
      expect(early.headers['x-render-cache']).toBe('hit');
      const text = early.headers['content-encoding'] === 'br' ? brotliDecompressSync(early.body) : early.headers['content-encoding'] === 'gzip' ? gunzipSync(early.body) : early.body;
      expect(text.toString()).toBe(miss.body.toString());
      expect(early.headers['content-encoding']).toBe(encoding.startsWith('gzip;') ? undefined : encoding === 'identity' ? undefined : encoding.startsWith('br') ? 'br' : 'gzip');
    }
    // The headers of the miss that produced it, but for the cache state.
    const hit = await post('before Express', json({ query }));
    expect(comparable(hit, ['x-render-cache'])).toEqual(comparable(miss, ['x-render-cache']));
    expect(hit.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(hit.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(hit.headers['strict-transport-security']).toBeUndefined();
    for (const ifNoneMatch of [miss.headers.etag!, `"other", W/${miss.headers.etag}`, '*']) {
      const answers = [];
      for (const way of WAYS) answers.push(await post(way, json({ query }, { 'if-none-match': ifNoneMatch })));
      const [inApp, early] = answers;
      expect([inApp.status, early.status, early.routed]).toEqual([304, 304, false]);
      expect(comparable(early)).toEqual(comparable(inApp));
      expect(early.body.length).toBe(0);
    }
  });

  it('take a body sent with its headers from the stream at once (no data events); one arriving in pieces is collected as it comes', async () => {
    const query = freshQuery();
    await post('in the app', json({ query }));
    // Which requests had a 'data' listener put on them (the handler Express calls is the one app.ts set).
    const express = app.app as unknown as { handle: (req: IncomingMessage, ...rest: unknown[]) => void };
    const handle = express.handle;
    const listened: boolean[] = [];
    express.handle = (req, ...rest) => {
      const index = listened.push(false) - 1;
      const on = req.on;
      req.on = function (this: IncomingMessage, event: string, listener: (...args: unknown[]) => void) {
        if (event === 'data') listened[index] = true;
        return on.call(this, event, listener);
      } as typeof req.on;
      handle.call(express, req, ...rest);
    };
    try {
      const whole = await post('before Express', json({ query }));
      const body = JSON.stringify({ query });
      const pieces = await post('before Express', { headers: { 'content-type': 'application/json' }, chunks: [body.slice(0, 10), body.slice(10)], pauseMs: 60 });
      expect({ routed: [whole.routed, pieces.routed], cache: [whole.headers['x-render-cache'], pieces.headers['x-render-cache']], listened }).toEqual({
        routed: [false, false],
        cache: ['hit', 'hit'],
        listened: [false, true],
      });
      expect(comparable(pieces)).toEqual(comparable(whole));
    } finally {
      express.handle = handle;
    }
  });

  it('are answered before Express when the body arrives slowly, in pieces', async () => {
    const query = freshQuery();
    await post('in the app', json({ query }));
    const body = JSON.stringify({ query });
    const pieces = [body.slice(0, 5), body.slice(5, 40), body.slice(40)];
    const answers = [];
    for (const way of WAYS) answers.push(await post(way, { headers: { 'content-type': 'application/json' }, chunks: pieces, pauseMs: 60 }));
    const [inApp, early] = answers;
    expect([inApp.headers['x-render-cache'], early.headers['x-render-cache'], early.routed]).toEqual(['hit', 'hit', false]);
    expect(comparable(early)).toEqual(comparable(inApp));
  });
});

describe('bodies remembered by their bytes', () => {
  const readOf = (body: string) => graphQLRead(body)!;

  it('a remembered body is found by its very bytes only, from a copy of them', () => {
    const known = new KnownBodies();
    const body = JSON.stringify({ query: 'query Q($n: Int) { news(limit: $n) { id } }', variables: { n: 1 } });
    const bytes = Buffer.from(body);
    known.remember(bytes, readOf(body));
    expect(known.read(Buffer.from(body))?.key).toBe(readOf(body).key);
    // Same length, one byte apart; and one byte longer.
    expect(known.read(Buffer.from(body.replace('"n":1', '"n":2')))).toBeNull();
    expect(known.read(Buffer.from(`${body} `))).toBeNull();
    // The request's buffer may be reused: what was remembered does not change with it.
    bytes.fill(0x20);
    expect(known.read(Buffer.from(body))?.key).toBe(readOf(body).key);
  });

  it('never remembers a body that may carry extensions (an APQ hash), or a large one', () => {
    const known = new KnownBodies();
    const query = '{ statistics { expertCount } }';
    const refused = [
      JSON.stringify({ query, extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } } }),
      // "extensions" spelt with a JSON escape is the same key to JSON.parse.
      `{"query": ${JSON.stringify(query)}, "\\u0065xtensions": {}}`,
      JSON.stringify({ query, variables: { pad: 'x'.repeat(KnownBodies.MAX_BODY) } }),
    ];
    for (const body of refused) {
      known.remember(Buffer.from(body), readOf(JSON.stringify({ query })));
      expect({ body: body.slice(0, 60), found: known.read(Buffer.from(body)) }).toEqual({ body: body.slice(0, 60), found: null });
    }
  });

  it('holds at most MAX_ENTRIES bodies, the oldest giving way', () => {
    const known = new KnownBodies();
    const bodies = Array.from({ length: KnownBodies.MAX_ENTRIES + 1 }, (_, i) => JSON.stringify({ query: `query Q${i} { statistics { expertCount } }` }));
    for (const body of bodies) known.remember(Buffer.from(body), readOf(body));
    expect(known.read(Buffer.from(bodies[0]))).toBeNull();
    for (const body of bodies.slice(1)) expect(known.read(Buffer.from(body))?.key).toBe(readOf(body).key);
  });

  it('a hit asked again and again, and bodies of the same length asking other reads, each get their own answer before Express', async () => {
    // The first two bodies have the same length; each of the three asks for other fields.
    const query = 'query Same($a: Boolean!, $b: Boolean!) { statistics @include(if: $a) { expertCount } landingContent @include(if: $b) { heroTagline } }';
    const bodies = [
      { a: true, b: false },
      { a: false, b: true },
      { a: true, b: true },
    ].map((variables) => json({ query, variables }));
    const inApp = [];
    for (const body of bodies) inApp.push(await post('in the app', body));
    for (let round = 0; round < 3; round++) {
      for (const [i, body] of bodies.entries()) {
        const early = await post('before Express', body);
        expect({ round, i, routed: early.routed, answer: comparable(early, ['x-render-cache']) }).toEqual({ round, i, routed: false, answer: comparable(inApp[i], ['x-render-cache']) });
      }
    }
    expect(new Set(inApp.map((a) => a.body.toString('base64'))).size).toBe(3);
  });

  it('a body with an escaped extensions key is answered as the app answers it, again and again', async () => {
    const body = { headers: { 'content-type': 'application/json' }, chunks: ['{"query": "{ statistics { expertCount } }", "\\u0065xtensions": {"persistedQuery": {"version": 1, "sha256Hash": "' + 'b'.repeat(64) + '"}}}'] };
    for (let round = 0; round < 3; round++) {
      const answers = [];
      for (const way of WAYS) answers.push(await post(way, body));
      const [inApp, early] = answers;
      expect({ round, answer: comparable(early) }).toEqual({ round, answer: comparable(inApp) });
    }
  });
});

describe('anything else POSTed to /graphql', () => {
  /** Two queries with the same answer and different cache keys: a miss each way. */
  it('a miss is produced in the app, with the same answer either way', async () => {
    const answers = [];
    for (const way of WAYS) answers.push(await post(way, json({ query: `query Miss${way.length} { statistics { expertCount } }` })));
    const [inApp, early] = answers;
    expect([inApp.headers['x-render-cache'], early.headers['x-render-cache']]).toEqual(['miss', 'miss']);
    expect([inApp.routed, early.routed]).toEqual([true, true]);
    expect(comparable(early)).toEqual(comparable(inApp));
  });

  const tooLarge = JSON.stringify({ query: '{ statistics { expertCount } }', variables: { pad: 'x'.repeat(GRAPHQL_READ_MAX_BODY) } });
  const deep = JSON.stringify({ query: 'query Deep($v: JSON) { statistics { expertCount } }', variables: { v: JSON.parse(`${'['.repeat(40)}1${']'.repeat(40)}`) } });
  const cases: Array<[string, () => Post, number]> = [
    ['a mutation', () => json({ query: 'mutation { logout }' }), 200],
    ['a query with a session cookie', () => json({ query: '{ me { username } }' }, { cookie }), 200],
    ['a query with errors', () => json({ query: '{ countries { nope } }' }), 400],
    ['malformed JSON', () => ({ headers: { 'content-type': 'application/json' }, chunks: ['{"query": '] }), 400],
    ['JSON that is not an object', () => ({ headers: { 'content-type': 'application/json' }, chunks: ['[1, 2]'] }), 400],
    ['variables nested too deeply', () => ({ headers: { 'content-type': 'application/json' }, chunks: [deep] }), 400],
    ['a body over the limit', () => ({ headers: { 'content-type': 'application/json' }, chunks: [tooLarge] }), 413],
    ['a body without Content-Length (chunked)', () => ({ ...json({ query: '{ statistics { expertCount } }' }), chunked: true }), 200],
    ['a text/plain body', () => ({ headers: { 'content-type': 'text/plain' }, chunks: [JSON.stringify({ query: '{ statistics { expertCount } }' })] }), 400],
    ['no content type', () => ({ chunks: [JSON.stringify({ query: '{ statistics { expertCount } }' })] }), 400],
    ['an empty body', () => ({ headers: { 'content-type': 'application/json' }, chunks: [] }), 400],
    ['a cross-site mutation', () => json({ query: 'mutation { logout }' }, { origin: 'https://evil.example' }), 403],
    ['an unknown persisted query', () => json({ extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } } }), 200],
    ['a persisted query of another version', () => json({ query: '{ statistics { expertCount } }', extensions: { persistedQuery: { version: 2, sha256Hash: 'a'.repeat(64) } } }), 400],
  ];
  it.each(cases)('%s: answered exactly as the app answers it', async (_name, make, status) => {
    const answers = [];
    for (const way of WAYS) answers.push(await post(way, make()));
    const [inApp, early] = answers;
    expect(inApp.status).toBe(status);
    expect(comparable(early)).toEqual(comparable(inApp));
  });

  it('a sign-in mutation whose body was read before Express signs in, with the session cookie', async () => {
    const query = 'mutation Login($u: String!, $p: String!) { login(username: $u, password: $p) { username } }';
    for (const way of WAYS) {
      const answer = await post(way, json({ query, variables: { u: TEST_ADMIN.username, p: TEST_ADMIN.password } }));
      expect({ way, status: answer.status, body: JSON.parse(answer.body.toString()) }).toEqual({ way, status: 200, body: { data: { login: { username: 'admin' } } } });
      const sid = answer.headers['set-cookie']?.find((c) => c.startsWith('sid='));
      expect(sid).toBeDefined();
      const me = await post(way, json({ query: '{ me { username } }' }, { cookie: sid!.split(';')[0] }));
      expect(JSON.parse(me.body.toString())).toEqual({ data: { me: { username: 'admin' } } });
    }
  });

  it('an aborted body leaves the server answering, and nothing is cached from it', async () => {
    const url = new URL(app.baseUrl);
    for (const way of WAYS) {
      const closed = await new Promise<string>((resolve) => {
        const headers = { 'content-type': 'application/json', 'content-length': '200', ...(way === 'in the app' ? THROUGH_THE_APP : {}) };
        const req = httpRequest({ host: url.hostname, port: url.port, method: 'POST', path: '/graphql', headers, agent: false }, () => resolve('answered'));
        req.on('error', () => resolve('closed'));
        req.write('{"query": "{ statistics { expertCount } }"');
        setTimeout(() => req.destroy(), 50);
      });
      expect(closed).toBe('closed');
      const after = await post(way, json({ query: '{ statistics { expertCount } }' }));
      expect(after.status).toBe(200);
    }
  });
});

describe('random bodies and headers POSTed to /graphql (fast-check, seeded)', () => {
  it('never get a 5xx, and get the same status and body before Express as in the app', async () => {
    const queries = ['{ statistics { expertCount } }', '{ countries { id name } }', 'query Q($n: Int) { news(limit: $n) { id } }', 'mutation { logout }', '{ me { id } }', '{ nope }', '{'];
    const document = fc.record(
      {
        query: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...queries) }, fc.string({ maxLength: 30 })),
        variables: fc.oneof(
          { weight: 4, arbitrary: fc.constant(undefined) },
          fc.constant(null),
          fc.record({ n: fc.oneof(fc.integer({ min: -2, max: 3 }), fc.string({ maxLength: 4 })) }),
          fc.jsonValue({ maxDepth: 3 }),
        ),
        operationName: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, fc.constantFrom('Q', 'X', ''), fc.integer()),
      },
      { requiredKeys: ['query'] },
    );
    const body = fc.oneof(
      { weight: 5, arbitrary: document.map((d) => JSON.stringify(d)) },
      { weight: 1, arbitrary: document.map((d) => JSON.stringify(d).slice(0, -1)) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
      { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    );
    const headers = fc.record({
      'content-type': fc.oneof(
        { weight: 4, arbitrary: fc.constant('application/json') },
        fc.constantFrom('application/json; charset=utf-8', 'application/json; charset=latin1', 'application/jsonx', 'text/plain', 'application/x-www-form-urlencoded', ''),
      ),
      cookie: fc.oneof({ weight: 4, arbitrary: fc.constant('') }, fc.constantFrom('sid=nonsense', 'theme=dark')),
      'accept-encoding': fc.constantFrom('', 'gzip', 'br', 'identity', '*'),
      'apollo-require-preflight': fc.constantFrom('', 'true'),
      origin: fc.oneof({ weight: 3, arbitrary: fc.constant('') }, fc.constantFrom('https://evil.example', 'null', app.baseUrl)),
      'sec-fetch-site': fc.oneof({ weight: 3, arbitrary: fc.constant('') }, fc.constantFrom('cross-site', 'same-origin')),
    });
    const framing = fc.constantFrom('length', 'chunked', 'pieces', 'truncated');
    let answeredEarly = 0;
    await fc.assert(
      fc.asyncProperty(body, headers, framing, async (text, given, how) => {
        const sent = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== ''));
        const bytes = Buffer.from(text, 'utf8');
        const request: Post =
          how === 'truncated' && bytes.length > 1
            ? { headers: { ...sent, 'content-length': String(bytes.length - 1) }, chunks: [bytes.subarray(0, bytes.length - 1)] }
            : { headers: sent, chunks: how === 'pieces' ? [bytes.subarray(0, 3), bytes.subarray(3)] : [bytes], chunked: how === 'chunked' };
        const answers = [];
        for (const way of WAYS) answers.push(await post(way, request));
        const [inApp, early] = answers;
        expect(inApp.status).toBeLessThan(500);
        const decoded = (answer: Answer) =>
          answer.headers['content-encoding'] === 'br' ? brotliDecompressSync(answer.body) : answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body;
        expect({ text, status: early.status, body: decoded(early).toString() }).toEqual({ text, status: inApp.status, body: decoded(inApp).toString() });
        if (!early.routed) answeredEarly += 1;
      }),
      { seed: Number(process.env.FUZZ_SEED ?? 20_06), numRuns: 150, endOnFailure: true },
    );
    // The run covered hits answered before Express, not only requests handed to the app.
    expect(answeredEarly).toBeGreaterThan(10);
  });
});
