import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ENQUIRY_RECEIVED_MESSAGE } from '@consulting/model';
import { pruneEnquiries } from '../../src/enquiries/enquiry-retention.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';
import { clearEnquiries, enquiryCount, formTokenFor, message, setEnquirySettings, submit } from './intake-helpers.js';

// The enquiry limits, reserved in PostgreSQL before anything is stored: per client address and in
// all per hour, the no-script budget of plain form posts; the plain form post itself (303 to the
// thank-you page, or a page listing what was wrong with the form again); Turnstile as the captcha.

const session = signedInApp({ trustProxy: 'loopback' });

beforeEach(async () => {
  setEnquirySettings(session.app, { captcha: 'off', minSeconds: 3, maxLinks: 2, maxBytes: 16 * 1024, maxPerHourPerClient: 5, maxPerHour: 100, maxNoScriptPerHour: 10, turnstile: null });
  await clearEnquiries(session.app);
});

/** Sends `count` submissions, `parallel` at a time; the statuses. */
async function flood(count: number, parallel: number, from: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let start = 0; start < count; start += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - start) }, (_, j) => submit(session.app, { ...message, formToken: formTokenFor(session.app) }, from(start + j)));
    statuses.push(...(await Promise.all(batch)).map((r) => r.status));
  }
  return statuses;
}

describe('the hourly limits', () => {
  it('a flood of 1,000 submissions from one address stores at most ENQUIRY_MAX_PER_HOUR_PER_CLIENT; the rest get 429 with Retry-After', async () => {
    const statuses = await flood(1000, 50, () => '198.51.100.66');
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(995);
    expect(await enquiryCount(session.app)).toBe(5);
    const refused = await submit(session.app, { ...message, formToken: formTokenFor(session.app) }, '198.51.100.66');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many messages have been sent from here\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    // Another address is not held back by it.
    expect((await submit(session.app, { ...message, formToken: formTokenFor(session.app) }, '198.51.100.67')).status).toBe(201);
  }, 120_000);

  it('stores at most ENQUIRY_MAX_PER_HOUR from everyone, however many addresses send at once', async () => {
    setEnquirySettings(session.app, { maxPerHour: 12 });
    const statuses = await flood(60, 30, (i) => `192.0.2.${(i % 30) + 1}`);
    expect(statuses.filter((s) => s === 201)).toHaveLength(12);
    expect(await enquiryCount(session.app)).toBe(12);
    const refused = await submit(session.app, { ...message, formToken: formTokenFor(session.app) }, '203.0.113.200');
    expect([refused.status, refused.body.message]).toEqual([429, expect.stringMatching(/^Too many messages have been sent to us in the last hour\./)]);
  }, 60_000);

  it('keeps only the keyed hash of the address, the same for one address, and counts by it', async () => {
    await submit(session.app, { ...message, formToken: formTokenFor(session.app) }, '198.51.100.1');
    await submit(session.app, { ...message, formToken: formTokenFor(session.app) }, '198.51.100.1');
    await submit(session.app, { ...message, formToken: formTokenFor(session.app) }, '198.51.100.2');
    const connection = session.app.orm.em.fork().getConnection();
    const hashes = (await connection.execute<Array<{ client_hash: string }>>('select client_hash from enquiries order by id')).map((r) => r.client_hash);
    expect(hashes[0]).toBe(hashes[1]);
    expect(hashes[2]).not.toBe(hashes[0]);
    const keys = (await connection.execute<Array<{ key: string }>>('select key from enquiry_attempts order by key')).map((r) => r.key);
    expect(keys).toEqual(['enquiry-global', `enquiry-ip:${hashes[0]}`, `enquiry-ip:${hashes[2]}`].sort());
    expect(JSON.stringify(keys)).not.toContain('198.51.100');
  });

  it('forgets buckets whose hour is over in the daily retention, and keeps the running ones', async () => {
    await submit(session.app, { ...message, formToken: formTokenFor(session.app) }, '198.51.100.5');
    const connection = session.app.orm.em.fork().getConnection();
    await connection.execute(`insert into enquiry_attempts (key, attempts, window_started_at) values ('enquiry-ip:stale', 5, now() - interval '61 minutes')`);
    await session.app.orm.em.fork().transactional((tx) => pruneEnquiries(tx, 365));
    const keys = (await connection.execute<Array<{ key: string }>>('select key from enquiry_attempts order by key')).map((r) => r.key);
    expect(keys).toHaveLength(2);
    expect(keys).not.toContain('enquiry-ip:stale');
  });
});

const form = (fields: Record<string, string>, from = '203.0.113.50') =>
  request(session.app.baseUrl, 'POST', '/api/enquiries/form', {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from },
  });
const formFields = () => ({ name: message.name, email: message.email, organisation: '', service: message.service, message: message.message, consent: 'on', website: '', formToken: formTokenFor(session.app) });

describe('the form sent without JavaScript', () => {
  it('is stored and answered 303 to the thank-you page', async () => {
    const reply = await form(formFields());
    expect([reply.status, reply.headers.get('location')]).toEqual([303, '/contact/thanks']);
    expect(await enquiryCount(session.app)).toBe(1);
  });

  it('refused: a page (400, no stack trace) listing each problem with the form again, holding what was typed', async () => {
    const reply = await form({ ...formFields(), name: '', email: 'nope', message: 'Hello <script>alert(1)</script> & welcome', consent: '' });
    expect(reply.status).toBe(400);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    const page = reply.body as string;
    expect(page).toContain('<h1>Your message was not sent</h1>');
    expect(page).toContain('<a href="#enquiry-name">Name is required</a>');
    expect(page).toContain('Email must be an email address such as name@example.com');
    expect(page).toContain('Please agree to our use of your details so we can answer you');
    expect(page).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt; &amp; welcome</textarea>');
    expect(page).toContain('value="nope"');
    expect(page).toContain('<option value="innovation-management" selected>');
    expect(page).not.toMatch(/at .*\.(ts|js):\d+|Error:|stack/i);
    expect(page).toMatch(/<input type="hidden" name="formToken" value="\d+\.[\w-]+">/);
    expect(await enquiryCount(session.app)).toBe(0);
  });

  it('without a captcha draws on ENQUIRY_MAX_NO_SCRIPT_PER_HOUR while the captcha is on; 0 requires the captcha', async () => {
    setEnquirySettings(session.app, { captcha: 'altcha', maxNoScriptPerHour: 2, maxPerHourPerClient: 50 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await form(formFields(), `203.0.113.${60 + i}`)).status);
    expect(statuses).toEqual([303, 303, 429, 429]);
    expect(await enquiryCount(session.app)).toBe(2);
    // The JSON surface has no no-script budget: a captcha is required there.
    const json = await submit(session.app, { ...message, formToken: formTokenFor(session.app) });
    expect([json.status, json.body.errors?.[0]?.field]).toEqual([400, 'altcha']);

    setEnquirySettings(session.app, { maxNoScriptPerHour: 0 });
    const refused = await form(formFields(), '203.0.113.90');
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('Please complete the anti-spam check before sending (it needs JavaScript).');
  });

  it('over the size limit gets a 413 page', async () => {
    setEnquirySettings(session.app, { maxBytes: 2048 });
    const reply = await form({ ...formFields(), message: 'é'.repeat(3000) });
    expect(reply.status).toBe(413);
    expect(reply.body).toContain('The message is too long to send');
  });

  it('a honeypot hit is sent to the thank-you page too, and nothing is stored', async () => {
    const reply = await form({ ...formFields(), website: 'http://spam.example' });
    expect([reply.status, reply.headers.get('location')]).toEqual([303, '/contact/thanks']);
    expect(await enquiryCount(session.app)).toBe(0);
  });
});

describe('Turnstile as the captcha', () => {
  let receiver: Server;
  const asked: URLSearchParams[] = [];
  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const params = new URLSearchParams(body);
        asked.push(params);
        if (params.get('response') === 'outage') return void res.writeHead(502).end();
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: params.get('response') === 'good-token' && params.get('secret') === 'turnstile-secret' }));
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('verifies the token with TURNSTILE_VERIFY_URL (secret, token, client address) and stores only what it accepts', async () => {
    const verifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/siteverify`;
    setEnquirySettings(session.app, { captcha: 'turnstile', turnstile: { siteKey: 'site-key', secret: 'turnstile-secret', verifyUrl } });
    const challenge = await request(session.app.baseUrl, 'GET', '/api/enquiries/challenge');
    expect(challenge.body).toMatchObject({ altcha: null, turnstileSiteKey: 'site-key' });
    expect(challenge.headers.get('cache-control')).toBe('no-store');

    const wrong = await submit(session.app, { ...message, formToken: formTokenFor(session.app), turnstileToken: 'bad-token' });
    expect([wrong.status, wrong.body.errors]).toEqual([400, [{ field: 'turnstileToken', message: 'The anti-spam check did not pass. Please send the form again.' }]]);
    const missing = await submit(session.app, { ...message, formToken: formTokenFor(session.app) });
    expect(missing.body.errors?.[0]?.field).toBe('turnstileToken');
    const outage = await submit(session.app, { ...message, formToken: formTokenFor(session.app), turnstileToken: 'outage' });
    expect(outage.status).toBe(503);
    expect(await enquiryCount(session.app)).toBe(0);

    const good = await submit(session.app, { ...message, formToken: formTokenFor(session.app), turnstileToken: 'good-token' }, '198.51.100.77');
    expect([good.status, good.body]).toEqual([201, { ok: true, message: ENQUIRY_RECEIVED_MESSAGE }]);
    expect(asked.at(-1)!.get('remoteip')).toBe('198.51.100.77');
    // The widget's own field name in a plain form post.
    const posted = await form({ ...formFields(), 'cf-turnstile-response': 'good-token' });
    expect(posted.status).toBe(303);
    expect(await enquiryCount(session.app)).toBe(2);
  });
});
