import { beforeEach, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ENQUIRY_RECEIVED_MESSAGE } from '@consulting/model';
import { graphqlClient } from '../helpers/graphql.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';
import { clearEnquiries, enquiryCount, formTokenFor, message, postFresh, setEnquirySettings, solvedAltcha, submit } from './intake-helpers.js';

// The public enquiry form's spam rules, each seen refusing (and the enquiry not stored) and
// passing: the honeypot, the form's minimum time and its signature, links, the body size, the
// ALTCHA proof of work (missing, wrong, replayed, ten replays at once), over REST and GraphQL.

const session = signedInApp({ trustProxy: 'loopback' });
const { gql } = graphqlClient(session);
const defaults = { captcha: 'altcha', minSeconds: 3, maxLinks: 2, maxBytes: 16 * 1024, maxPerHourPerClient: 50, maxPerHour: 500, maxNoScriptPerHour: 10, altchaMaxNumber: 2000 } as const;

beforeEach(async () => {
  setEnquirySettings(session.app, defaults);
  await clearEnquiries(session.app);
});

const stored = async () => session.app.orm.em.fork().getConnection().execute<Array<Record<string, unknown>>>('select * from enquiries order by id');

describe('an enquiry', () => {
  it('with a solved proof of work is stored (the client address only as a keyed hash, the consent words with it) and answered 201', async () => {
    const reply = await submit(session.app, { ...message, formToken: formTokenFor(session.app), altcha: await solvedAltcha(session.app) }, '198.51.100.23');
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ ok: true, message: ENQUIRY_RECEIVED_MESSAGE });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: message.name, email: message.email, organisation: message.organisation, service: message.service, message: message.message, handled_at: null, deleted_at: null });
    expect(rows[0]!.consent_text).toBe('We use your details only to answer your message. See our privacy policy.');
    expect(rows[0]!.client_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows[0])).not.toContain('198.51.100.23');
  });

  it('that fills the honeypot gets the same answer and nothing is stored', async () => {
    const reply = await submit(session.app, { ...message, website: 'https://spam.example', formToken: formTokenFor(session.app), altcha: await solvedAltcha(session.app) });
    expect([reply.status, reply.body]).toEqual([201, { ok: true, message: ENQUIRY_RECEIVED_MESSAGE }]);
    expect(await enquiryCount(session.app)).toBe(0);
  });

  it('sent sooner than ENQUIRY_MIN_SECONDS after the form was handed out is refused, and passes once the time is up', async () => {
    const altcha = await solvedAltcha(session.app);
    const fresh = (await request(session.app.baseUrl, 'GET', '/api/enquiries/challenge')).body.formToken as string;
    const quick = await submit(session.app, { ...message, formToken: fresh, altcha });
    expect(quick.status).toBe(400);
    expect(quick.body.errors).toEqual([{ field: 'formToken', message: 'That was quicker than anyone can fill in the form. Please wait a few seconds and send it again.' }]);
    expect(await enquiryCount(session.app)).toBe(0);
    expect((await submit(session.app, { ...message, formToken: formTokenFor(session.app, 3), altcha })).status).toBe(201);
  });

  it('with a forged, altered or missing form token is refused', async () => {
    const altcha = await solvedAltcha(session.app);
    const genuine = formTokenFor(session.app, 60);
    const [issued, signature] = genuine.split('.');
    const forged = [`${Number(issued) - 60_000}.${signature}`, `${issued}.${'A'.repeat(43)}`, 'x', '', undefined, 12, { issued }];
    for (const formToken of forged) {
      const reply = await submit(session.app, { ...message, formToken, altcha });
      expect([reply.status, reply.body.errors]).toEqual([400, [{ field: 'formToken', message: 'This form has expired or was changed. Please reload the page and send it again.' }]]);
    }
    expect(await enquiryCount(session.app)).toBe(0);
  });

  it('with more links than ENQUIRY_MAX_LINKS is refused on the message', async () => {
    const altcha = await solvedAltcha(session.app);
    const links = 'See https://a.example, http://b.example and www.c.example';
    const reply = await submit(session.app, { ...message, message: links, formToken: formTokenFor(session.app), altcha });
    expect([reply.status, reply.body.errors]).toEqual([400, [{ field: 'message', message: 'Message may contain at most 2 links' }]]);
    expect(await enquiryCount(session.app)).toBe(0);
    const two = await submit(session.app, { ...message, message: 'See https://a.example and www.c.example', formToken: formTokenFor(session.app), altcha });
    expect(two.status).toBe(201);
  });

  it('over ENQUIRY_MAX_BYTES gets 413', async () => {
    setEnquirySettings(session.app, { maxBytes: 4096 });
    const reply = await submit(session.app, { ...message, message: 'x'.repeat(4500), formToken: formTokenFor(session.app), altcha: 'x' });
    expect([reply.status, reply.body.message]).toEqual([413, 'The message is too long to send: at most 4 KB in all.']);
    // Measured as sent, too: padding outside the fields counts.
    const padded = await submit(session.app, { ...message, padding: ' '.repeat(5000), formToken: formTokenFor(session.app) });
    expect(padded.status).toBe(413);
    expect(await enquiryCount(session.app)).toBe(0);
  });

  it('breaking the form\'s rules is refused with a message per field', async () => {
    const reply = await submit(session.app, { name: '', email: 'not-an-address', service: 'gardening', message: 'Hi', consent: false, formToken: formTokenFor(session.app), altcha: await solvedAltcha(session.app) });
    expect(reply.status).toBe(400);
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toEqual(['name', 'email', 'service', 'consent']);
  });
});

describe('the proof of work', () => {
  it('is required: missing, malformed or wrong solutions are refused and nothing is stored', async () => {
    const formToken = formTokenFor(session.app);
    const missing = await submit(session.app, { ...message, formToken });
    expect([missing.status, missing.body.errors]).toEqual([400, [{ field: 'altcha', message: 'Please complete the anti-spam check before sending (it needs JavaScript).' }]]);
    const good = JSON.parse(Buffer.from(await solvedAltcha(session.app), 'base64').toString()) as Record<string, unknown>;
    const wrong = [
      { ...good, number: (good.number as number) + 1 },
      { ...good, signature: 'f'.repeat(64) },
      { ...good, salt: `${good.salt as string}x` },
      { ...good, algorithm: 'SHA-1' },
    ].map((p) => Buffer.from(JSON.stringify(p)).toString('base64'));
    for (const altcha of [...wrong, 'not base64 json', Buffer.from('[1,2]').toString('base64'), 'x'.repeat(5000)]) {
      const reply = await submit(session.app, { ...message, formToken, altcha });
      expect([reply.status, reply.body.errors?.[0]?.field]).toEqual([400, 'altcha']);
    }
    expect(await enquiryCount(session.app)).toBe(0);
  });

  it('is single use: a replay is refused, and ten parallel submissions of one solution store exactly one', async () => {
    const altcha = await solvedAltcha(session.app);
    const body = { ...message, formToken: formTokenFor(session.app), altcha };
    expect((await submit(session.app, body)).status).toBe(201);
    const replay = await submit(session.app, body);
    expect([replay.status, replay.body.errors]).toEqual([400, [{ field: 'altcha', message: 'This anti-spam check was used already. Please send the form again.' }]]);

    const another = { ...message, formToken: formTokenFor(session.app), altcha: await solvedAltcha(session.app) };
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => submit(session.app, another, `192.0.2.${i + 1}`)));
    expect(replies.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(400)]);
    expect(await enquiryCount(session.app)).toBe(2);
  });

  it('expires: a challenge past its 20 minutes is refused', async () => {
    const { createChallenge, solveChallenge } = await import('altcha-lib/v1');
    const { createHmac } = await import('node:crypto');
    // The app's key, as intake-proofs derives it; a challenge that expired a second ago.
    const key = createHmac('sha256', 'test-session-secret').update('enquiries: altcha').digest('hex');
    const challenge = await createChallenge({ hmacKey: key, maxNumber: 100, expires: new Date(Date.now() - 1000) });
    const solution = (await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, 100).promise)!;
    const altcha = Buffer.from(JSON.stringify({ ...challenge, number: solution.number })).toString('base64');
    const reply = await submit(session.app, { ...message, formToken: formTokenFor(session.app), altcha });
    expect([reply.status, reply.body.errors?.[0]?.field]).toEqual([400, 'altcha']);
  });
});

describe('over GraphQL', () => {
  it('enquiryChallenge gives a fresh challenge every time (never the read cache\'s), and submitEnquiry stores the message', async () => {
    const query = '{ enquiryChallenge { formToken altcha turnstileSiteKey } }';
    const first = await gql(query);
    const second = await gql(query);
    const a = first.data!.enquiryChallenge as { altcha: string; formToken: string; turnstileSiteKey: string | null };
    const b = second.data!.enquiryChallenge as { altcha: string };
    expect(JSON.parse(a.altcha)).toMatchObject({ algorithm: 'SHA-256', maxnumber: defaults.altchaMaxNumber });
    expect(a.altcha).not.toBe(b.altcha);
    expect(a.turnstileSiteKey).toBeNull();

    const mutation = 'mutation($input: EnquiryInput!) { submitEnquiry(input: $input) { ok message } }';
    const input = { ...message, formToken: formTokenFor(session.app), altcha: await solvedAltcha(session.app) };
    expect((await gql(mutation, { input })).data).toEqual({ submitEnquiry: { ok: true, message: ENQUIRY_RECEIVED_MESSAGE } });
    const replay = await gql(mutation, { input });
    expect(replay.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ field: 'altcha', message: 'This anti-spam check was used already. Please send the form again.' }] });
    const quick = await gql(mutation, { input: { ...input, formToken: a.formToken } });
    expect(quick.errors?.[0]?.extensions?.errors).toEqual([{ field: 'formToken', message: expect.stringContaining('quicker') }]);
    const big = await gql(mutation, { input: { ...input, message: 'x'.repeat(20_000) } });
    expect(big.errors?.[0]?.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    const honeypot = await gql(mutation, { input: { ...input, website: 'x' } });
    expect(honeypot.data).toEqual({ submitEnquiry: { ok: true, message: ENQUIRY_RECEIVED_MESSAGE } });
    expect(await enquiryCount(session.app)).toBe(1);
  });
});

describe('hostile input (fast-check)', () => {
  it('never gets a 500 from POST /api/enquiries, whatever the fields hold', async () => {
    setEnquirySettings(session.app, { captcha: 'off', minSeconds: 0 });
    const anything = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: 'binary', maxLength: 100 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
    );
    const body = fc.record(
      { name: anything, email: anything, organisation: anything, service: anything, message: anything, consent: anything, website: anything, formToken: anything, altcha: anything, turnstileToken: anything },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (input, validToken) => {
        const body = JSON.stringify(validToken ? { ...input, formToken: formTokenFor(session.app) } : input);
        const reply = await postFresh(session.app, '/api/enquiries', body, { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.98' });
        expect([201, 400, 413]).toContain(reply.status);
      }),
      { seed: 2727, numRuns: 150 },
    );
  }, 60_000);

  it('never gets a 500 from the form post either', async () => {
    setEnquirySettings(session.app, { captcha: 'off', minSeconds: 0 });
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom('name', 'email', 'service', 'message', 'consent', 'website', 'formToken', 'altcha', 'x'), fc.string({ unit: 'binary', maxLength: 200 }), { maxKeys: 9 }), async (fields) => {
        const reply = await postFresh(session.app, '/api/enquiries/form', new URLSearchParams(fields).toString(), {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': '203.0.113.99',
        });
        expect([303, 400, 413, 429]).toContain(reply.status);
      }),
      { seed: 2728, numRuns: 100 },
    );
  }, 60_000);
});
