import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/postgresql';
import { loadConfig, type SmtpConfig } from '../../src/config.js';
import { Enquiry } from '../../src/enquiries/enquiry.entity.js';
import { configureEnquiryNotifications, enqueueEnquiryNotifications } from '../../src/mail/enquiry-notifications.js';
import { signedInApp } from '../helpers/signed-in-app.js';
import { startSmtpSink, type SmtpSink } from '../helpers/mail/smtp-sink.js';
import { startReceiver, type Receiver } from '../helpers/webhooks/receiver.js';

// Enquiry notifications against the real app, database and a real SMTP server on loopback (the
// `smtp-server` package): the mail arrives with its subject, recipients and every field; a name
// cannot add headers; an SMTP outage (refusals, then the server gone) is retried until the mail
// is delivered, exactly once; and the `enquiry.created` webhook event arrives signed.

type Json = Record<string, any>;
const MAIL_TO = ['office@firm.example', 'partners@firm.example'];

// The SMTP server is started before the app, which is configured to send through it.
let sink: SmtpSink;
const smtp: SmtpConfig = { host: '127.0.0.1', port: 0, secure: false, requireTls: false, auth: null, from: 'Website <site@firm.example>', enquiryTo: MAIL_TO };
beforeAll(async () => {
  sink = await startSmtpSink();
  smtp.port = sink.port;
});
afterAll(async () => {
  await sink?.stop();
});
const session = signedInApp({
  smtp,
  mailPollMs: 100,
  mailRetryBaseMs: 200,
  publicUrl: 'https://www.firm.example',
  webhookAllowPrivateTargets: true,
  webhookPollMs: 100,
});

let receiver: Receiver | undefined;
afterEach(async () => {
  sink.failWith = null;
  await receiver?.close();
  receiver = undefined;
  const connection = session.app.orm.em.getConnection();
  await connection.execute('delete from webhook_endpoints');
  await connection.execute('delete from mail_outbox');
  sink.received.length = 0;
  sink.refusals = 0;
});

interface EnquiryFields {
  name: string;
  email: string;
  organisation: string | null;
  service: string;
  message: string;
}

const ada: EnquiryFields = {
  name: 'Ada Lovelace',
  email: 'ada@analytical.example',
  organisation: 'Analytical Engines Ltd',
  service: 'innovation-management',
  message: 'We would like a proposal.\nTwo lines, and ünïcödé.',
};

/** Stores an enquiry and queues its notifications in one transaction, as the intake service does. */
async function submit(fields: EnquiryFields, options: { rollBack?: boolean } = {}): Promise<Enquiry> {
  const em = session.app.orm.em.fork();
  let stored: Enquiry | undefined;
  const run = em.transactional(async (tx: EntityManager) => {
    const enquiry = tx.create(Enquiry, { ...fields, consentText: 'I agree.', clientHash: 'hash' });
    await tx.flush();
    await enqueueEnquiryNotifications(tx, enquiry);
    stored = enquiry;
    if (options.rollBack) throw new Error('roll back');
  });
  if (options.rollBack) await expect(run).rejects.toThrow('roll back');
  else await run;
  return stored!;
}

async function outbox(): Promise<Json[]> {
  return session.app.orm.em.getConnection().execute<Json[]>('select * from mail_outbox order by id');
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}

describe('the enquiry mail', () => {
  it('arrives at the SMTP server with its subject, recipients, Reply-To and every field', async () => {
    const enquiry = await submit(ada);
    const [mail] = await sink.waitFor(1, 5000);

    expect(mail.envelope).toEqual({ from: 'site@firm.example', to: MAIL_TO });
    expect(mail.parsed.subject).toBe('New enquiry from Ada Lovelace');
    expect(mail.parsed.from?.value).toEqual([{ address: 'site@firm.example', name: 'Website' }]);
    expect((Array.isArray(mail.parsed.to) ? mail.parsed.to : [mail.parsed.to]).flatMap((to) => to!.value.map((v) => v.address))).toEqual(MAIL_TO);
    expect(mail.parsed.replyTo?.value).toEqual([{ address: 'ada@analytical.example', name: '' }]);
    expect(mail.parsed.html).toBe(false);
    const text = mail.parsed.text!;
    for (const line of [
      'Name: Ada Lovelace',
      'Email: ada@analytical.example',
      'Organisation: Analytical Engines Ltd',
      'Service: Innovation Management',
      `Enquiry number: ${enquiry.id}`,
      'We would like a proposal.\nTwo lines, and ünïcödé.',
      'All enquiries: https://www.firm.example/admin/enquiries',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toMatch(/Received: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);

    await waitUntil(async () => (await outbox())[0]?.status === 'sent');
    expect(await outbox()).toEqual([
      expect.objectContaining({ status: 'sent', attempts: 1, last_error: null, to: MAIL_TO.join(', '), topic: 'enquiry', topic_id: enquiry.id }),
    ]);
  });

  it('says "(not given)" for a missing organisation and shows an unknown service as stored', async () => {
    await submit({ ...ada, organisation: null, service: 'other' });
    const [mail] = await sink.waitFor(1, 5000);
    expect(mail.parsed.text).toContain('Organisation: (not given)');
    expect(mail.parsed.text).toContain('Service: Something else');
  });

  it('a name or address with line breaks adds no header and no recipient (header injection)', async () => {
    await submit({
      ...ada,
      name: 'Eve\r\nBcc: victim@elsewhere.example\r\nX-Injected: yes\n\nforged body',
      email: 'eve@evil.example\r\nBcc: victim2@elsewhere.example',
      organisation: 'Org\r\nCc: victim3@elsewhere.example',
    });
    const [mail] = await sink.waitFor(1, 5000);
    // The SMTP envelope names the configured recipients only.
    expect(mail.envelope.to).toEqual(MAIL_TO);
    // No header came from the visitor: the subject is one line, there is no Bcc, Cc or X-Injected.
    expect(mail.parsed.subject).toBe('New enquiry from Eve Bcc: victim@elsewhere.example X-Injected: yes forged body');
    const headerBlock = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/));
    expect(headerBlock).not.toMatch(/^(bcc|cc|x-injected):/im);
    expect(mail.parsed.headers.has('bcc')).toBe(false);
    expect(mail.parsed.headers.has('cc')).toBe(false);
    expect(mail.parsed.headers.has('x-injected')).toBe(false);
    // An address that is not a plain one is not put in Reply-To at all.
    expect(mail.parsed.replyTo).toBeUndefined();
    expect(mail.raw).not.toMatch(/^reply-to:/im);
    expect(mail.parsed.text).toContain('Name: Eve Bcc: victim@elsewhere.example X-Injected: yes forged body');
  });

  it('nothing is queued when the enquiry is rolled back', async () => {
    receiver = await startReceiver();
    await session.app.orm.em
      .getConnection()
      .execute(`insert into webhook_endpoints (url, secret, collections, active) values (?, 'a secret of sixteen+', '[]', true)`, [receiver.url]);
    await submit(ada, { rollBack: true });
    expect(await outbox()).toEqual([]);
    const [{ count }] = await session.app.orm.em.getConnection().execute<{ count: string }[]>(`select count(*) from webhook_deliveries where event = 'enquiry.created'`);
    expect(Number(count)).toBe(0);
  });

  it('without SMTP set up no mail is queued', async () => {
    configureEnquiryNotifications({ smtp: null, publicUrl: null });
    try {
      await submit(ada);
      expect(await outbox()).toEqual([]);
    } finally {
      configureEnquiryNotifications(session.app.deps.config);
    }
  });
});

describe('an SMTP outage loses nothing', () => {
  it('a server answering 451 is retried with backoff until it takes the mail, delivered exactly once', async () => {
    sink.failWith = 451;
    await submit(ada);
    await waitUntil(async () => sink.refusals >= 3);
    const [during] = await outbox();
    expect(during.status).toBe('pending');
    expect(during.last_error).toMatch(/451/);
    sink.failWith = null;
    await sink.waitFor(1, 10_000);
    await waitUntil(async () => (await outbox())[0].status === 'sent');
    await new Promise((resolve) => setTimeout(resolve, 500)); // room for a duplicate to show up
    expect(sink.received).toHaveLength(1);
    const [after] = await outbox();
    expect(after.attempts).toBe(sink.refusals + 1);
    expect(after.last_error).toBeNull();
  });

  it('a server that is down is retried until it is back, delivered exactly once', async () => {
    await sink.stop();
    try {
      await submit(ada);
      await waitUntil(async () => ((await outbox())[0]?.attempts ?? 0) >= 2);
      const [during] = await outbox();
      expect(during.status).toBe('pending');
      expect(during.last_error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await sink.start();
    }
    const [mail] = await sink.waitFor(1, 10_000);
    expect(mail.parsed.subject).toBe('New enquiry from Ada Lovelace');
    await waitUntil(async () => (await outbox())[0].status === 'sent');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.received).toHaveLength(1);
  });
});

describe('the enquiry.created webhook', () => {
  function expectSigned(secret: string, received: { headers: Json; raw: string }) {
    const timestamp = received.headers['x-webhook-timestamp'];
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${received.raw}`).digest('hex')}`;
    expect(received.headers['x-webhook-signature']).toBe(expected);
  }

  it('arrives signed at every active endpoint that wants it, with the enquiry, which the log then forgets', async () => {
    receiver = await startReceiver();
    const other = await startReceiver();
    try {
      const connection = session.app.orm.em.getConnection();
      const secret = 'whsec_enquiry_test_secret';
      await connection.execute(`insert into webhook_endpoints (url, secret, collections, active) values (?, ?, '["news", "enquiries"]', true)`, [
        receiver.url,
        secret,
      ]);
      // Subscribed to other collections only, or inactive: nothing.
      await connection.execute(`insert into webhook_endpoints (url, secret, collections, active) values (?, 'a secret of sixteen+', '["news"]', true)`, [other.url]);
      await connection.execute(`insert into webhook_endpoints (url, secret, collections, active) values (?, 'a secret of sixteen+', '[]', false)`, [other.url]);

      const enquiry = await submit(ada);
      const [event] = await receiver.waitFor(1, 5000);
      expectSigned(secret, event);
      expect(event.headers['x-webhook-event']).toBe('enquiry.created');
      expect(event.headers['x-webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(event.body).toEqual({
        event: 'enquiry.created',
        collection: 'enquiries',
        id: enquiry.id,
        action: 'created',
        revision: expect.any(Number),
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        data: {
          id: enquiry.id,
          createdAt: new Date(enquiry.createdAt).toISOString(),
          name: ada.name,
          email: ada.email,
          organisation: ada.organisation,
          service: ada.service,
          serviceLabel: 'Innovation Management',
          message: ada.message,
        },
      });
      await waitUntil(async () => {
        const rows = await connection.execute<Json[]>(`select status, payload from webhook_deliveries where event = 'enquiry.created'`);
        return rows.length === 1 && rows[0].status === 'delivered' && rows[0].payload === null;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(other.received).toHaveLength(0);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('endpoints can subscribe to `enquiries` (the admin offers it)', async () => {
    const reply = await fetch(`${session.app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: session.cookie },
      body: JSON.stringify({ query: '{ webhookCollections }' }),
    });
    expect(((await reply.json()) as Json).data.webhookCollections).toContain('enquiries');
  });
});

describe('mail settings', () => {
  it('SMTP_HOST needs ENQUIRY_MAIL_TO; the rest have defaults', () => {
    expect(loadConfig({}).smtp).toBeNull();
    expect(() => loadConfig({ SMTP_HOST: 'smtp.example.com' })).toThrow('SMTP_HOST needs ENQUIRY_MAIL_TO');
    expect(loadConfig({ SMTP_HOST: 'smtp.example.com', ENQUIRY_MAIL_TO: 'a@firm.example, b@firm.example' }).smtp).toEqual({
      host: 'smtp.example.com',
      port: 587,
      secure: false,
      requireTls: false,
      auth: null,
      from: 'a@firm.example',
      enquiryTo: ['a@firm.example', 'b@firm.example'],
    });
    expect(
      loadConfig({
        SMTP_HOST: 'smtp.example.com',
        SMTP_SECURE: 'true',
        SMTP_REQUIRE_TLS: 'true',
        SMTP_USER: 'site',
        SMTP_PASSWORD: ' pass word ',
        MAIL_FROM: 'Website <site@firm.example>',
        ENQUIRY_MAIL_TO: 'a@firm.example',
      }).smtp,
    ).toMatchObject({ port: 465, secure: true, requireTls: true, auth: { user: 'site', password: ' pass word ' }, from: 'Website <site@firm.example>' });
    expect(loadConfig({ SMTP_HOST: 'smtp.example.com', SMTP_PORT: '2525', ENQUIRY_MAIL_TO: 'a@firm.example' }).smtp?.port).toBe(2525);
    expect(loadConfig({}).mailRetryBaseMs).toBe(30_000);
    expect(loadConfig({}).mailPollMs).toBe(1000);
  });

  it('refuses bad addresses, half the credentials, and a bad port', () => {
    const base = { SMTP_HOST: 'smtp.example.com', ENQUIRY_MAIL_TO: 'a@firm.example' };
    expect(() => loadConfig({ ...base, ENQUIRY_MAIL_TO: 'a@firm.example, not an address' })).toThrow('ENQUIRY_MAIL_TO must be mail addresses');
    expect(() => loadConfig({ ...base, ENQUIRY_MAIL_TO: 'a@firm.example\r\nBcc: x@y.example' })).toThrow('ENQUIRY_MAIL_TO must be mail addresses');
    expect(() => loadConfig({ ...base, MAIL_FROM: 'Website <site@firm.example>\r\nBcc: x@y.example' })).toThrow('MAIL_FROM must be a mail address');
    expect(() => loadConfig({ ...base, MAIL_FROM: 'nobody' })).toThrow('MAIL_FROM must be a mail address');
    expect(() => loadConfig({ ...base, SMTP_USER: 'site' })).toThrow('Set both SMTP_USER and SMTP_PASSWORD, or neither');
    expect(() => loadConfig({ ...base, SMTP_PORT: '70000' })).toThrow('SMTP_PORT must be a port number');
    expect(() => loadConfig({ ...base, SMTP_SECURE: 'maybe' })).toThrow('SMTP_SECURE must be true or false');
  });
});
