import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkingResponses, responseFindings, type ResponseCheck } from '../helpers/openapi-responses.js';

// The check every REST test's answers go through (helpers/openapi-responses.ts): it must see an
// answer that breaks its route's schema, and an undocumented status, or it proves nothing.

let server: Server;
let check: ResponseCheck;
let baseUrl: string;

const answers: Record<string, { status: number; body: unknown }> = {
  '/api/news': { status: 200, body: [{ id: 1, title: 'No other field' }] },
  '/api/brands/1': { status: 418, body: { message: 'I am a teapot' } },
  '/api/countries': { status: 200, body: [] },
  '/api/auth/check': { status: 200, body: { authenticated: 'yes' } },
};

beforeAll(async () => {
  check = checkingResponses((req, res) => {
    const answer = answers[req.url ?? ''];
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  server = await new Promise((resolve) => {
    const listening = http.createServer(check.listener).listen(0, '127.0.0.1', () => resolve(listening));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('the OpenAPI check of REST answers', () => {
  it('reports answers that break their schema and statuses the document does not list, and nothing for a good answer', async () => {
    for (const path of Object.keys(answers)) await (await fetch(baseUrl + path)).text();
    const findings = await responseFindings(check);
    expect(findings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^GET \/api\/news 200: .*required/),
        'GET /api/brands/1 418: status not documented',
        expect.stringMatching(/^GET \/api\/auth\/check 200: .*boolean/),
      ]),
    );
    expect(findings.some((f) => f.startsWith('GET /api/countries'))).toBe(false);
    expect(findings).toHaveLength(3);
  });
});
