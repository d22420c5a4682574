import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import type { GraphQLResponse, Json } from '../helpers/graphql.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// Hostile requests to the GraphQL endpoint: variables nested thousands deep and persisted-query
// protocol errors are answered with their 4xx codes, never a stack or a logged error.

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
