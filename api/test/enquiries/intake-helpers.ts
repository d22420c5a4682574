import http from 'node:http';
import { solveChallenge } from 'altcha-lib/v1';
import type { EnquiryConfig } from '../../src/config.js';
import { issueFormToken } from '../../src/enquiries/intake-proofs.js';
import { request, type Reply } from '../helpers/http.js';
import type { TestApp } from '../helpers/test-app.js';

// What the enquiry intake tests share: a valid message, a form token issued long enough ago,
// an ALTCHA challenge solved as a browser would, and the rows PostgreSQL holds.

export const message = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  organisation: 'Analytical Engines Ltd',
  service: 'innovation-management',
  message: 'We would like a proposal for a feasibility study.',
  consent: true,
};

/** A form token issued `secondsAgo` seconds ago (the app's own key: the test app's session secret). */
export const formTokenFor = (app: TestApp, secondsAgo = 60) => issueFormToken(app.deps.config, Date.now() - secondsAgo * 1000);

/** Sets the app's enquiry settings for the next requests (the routes read them on every request). */
export function setEnquirySettings(app: TestApp, settings: Partial<EnquiryConfig>): void {
  app.deps.config.enquiry = { ...app.deps.config.enquiry, ...settings };
}

/** A fresh challenge from GET /api/enquiries/challenge, its proof of work solved: the base64 payload. */
export async function solvedAltcha(app: TestApp): Promise<string> {
  const reply = await request(app.baseUrl, 'GET', '/api/enquiries/challenge');
  const challenge = JSON.parse(reply.body.altcha) as { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('no solution');
  const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** POST /api/enquiries with this body, from the client address `from` (X-Forwarded-For; the app trusts loopback). */
export function submit(app: TestApp, body: unknown, from = '203.0.113.7'): Promise<Reply> {
  return request(app.baseUrl, 'POST', '/api/enquiries', { json: body, headers: { 'x-forwarded-for': from } });
}

export async function enquiryCount(app: TestApp): Promise<number> {
  const [row] = await app.orm.em.fork().getConnection().execute<Array<{ count: string }>>('select count(*) from enquiries');
  return Number(row!.count);
}

/** A clean slate between tests: no enquiries, no attempts counted, no challenges spent. */
export async function clearEnquiries(app: TestApp): Promise<void> {
  const connection = app.orm.em.fork().getConnection();
  for (const table of ['enquiries', 'enquiry_attempts', 'enquiry_spent_challenges']) await connection.execute(`delete from ${table}`);
}

/**
 * A POST on a connection of its own (node:http, no keep-alive pool): the fuzz tests judge the
 * server's answer to each body, not the reuse of a pooled connection by the test's client.
 */
export function postFresh(app: TestApp, path: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(app.baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path, method: 'POST', agent: false, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
