import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_FIRM_DESCRIPTION, DEFAULT_FIRM_NAME } from '@consulting/model';
import { graphqlClient } from '../helpers/graphql.js';
import { request } from '../helpers/http.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// The site settings (the firm's identity): one record, neutral on a fresh install ("Your Firm"),
// read by anyone, changed by staff with If-Match / expectedVersion, checked field by field, and
// versioned with history like the rest of the content, on REST and GraphQL alike.

type Json = Record<string, unknown>;

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within 10 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const session = {} as { app: TestApp };
const { gql } = graphqlClient(session);
let app: TestApp;
let cookie: string;

beforeAll(async () => {
  app = await startTestApp();
  session.app = app;
  cookie = await app.login();
}, 60_000);
afterAll(async () => {
  await app?.close();
});

const current = async () => (await request(app.baseUrl, 'GET', '/api/site-settings')).body as Json;
const put = (settings: Json, changes: Json, headers: Record<string, string> = { 'if-match': `"${String(settings.version)}"` }, withCookie = true) =>
  request(app.baseUrl, 'PUT', `/api/admin/site-settings/${String(settings.id)}`, { ...(withCookie && { cookie }), headers, json: { ...settings, ...changes } });

describe('site settings over REST', () => {
  it('a fresh install shows the neutral firm: "Your Firm", its default description, en-US, UTC', async () => {
    const reply = await request(app.baseUrl, 'GET', '/api/site-settings');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      firmName: DEFAULT_FIRM_NAME,
      description: DEFAULT_FIRM_DESCRIPTION,
      shortName: null,
      logoUrl: null,
      linkedinUrl: null,
      locale: 'en-US',
      timeZone: 'UTC',
      version: 1,
    });
    expect(DEFAULT_FIRM_NAME).toBe('Your Firm');
  });

  it('signed out, a change is refused (401) and nothing changes', async () => {
    const settings = await current();
    const reply = await put(settings, { firmName: 'Intruder' }, {}, false);
    expect({ status: reply.status, body: reply.body }).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    expect((await current()).firmName).toBe(DEFAULT_FIRM_NAME);
  });

  it('bad input is a 400 with a message per field: a missing name, an address that is not a web address, an unknown locale or time zone', async () => {
    const settings = await current();
    const cases: [Json, string][] = [
      [{ firmName: '' }, 'firmName'],
      [{ firmName: null }, 'firmName'],
      [{ description: '   ' }, 'description'],
      [{ linkedinUrl: 'not a url' }, 'linkedinUrl'],
      [{ xUrl: 'javascript:alert(1)' }, 'xUrl'],
      [{ locale: 'xx-XX' }, 'locale'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
      [{ firmName: 'x'.repeat(121) }, 'firmName'],
    ];
    for (const [changes, field] of cases) {
      const reply = await put(settings, changes);
      const errors = reply.body.errors as { field: string; message: string }[] | undefined;
      expect({ changes, status: reply.status, fields: errors?.map((error) => error.field) }).toEqual({ changes, status: 400, fields: [field] });
      expect(errors![0].message.length).toBeGreaterThan(5);
    }
    expect((await current()).version).toBe(settings.version);
  });

  it('staff change it with If-Match: the new values are public at once (next read), a stale version is a 412', async () => {
    const settings = await current();
    const saved = await put(settings, { firmName: 'Harbour & Partners', shortName: 'Harbour', linkedinUrl: 'https://www.linkedin.com/company/example', city: 'Vienna', locale: 'de-AT', timeZone: 'Europe/Vienna' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ firmName: 'Harbour & Partners', shortName: 'Harbour', city: 'Vienna', locale: 'de-AT', timeZone: 'Europe/Vienna', version: Number(settings.version) + 1 });
    await eventually(async () => (await current()).firmName === 'Harbour & Partners', 'the public read shows the new name');
    const stale = await put(settings, { firmName: 'Too late' });
    expect(stale.status).toBe(412);
    expect((await current()).firmName).toBe('Harbour & Partners');
  });
});

describe('site settings over GraphQL', () => {
  const QUERY = '{ siteSettings { id version firmName shortName description linkedinUrl locale timeZone } }';
  const UPDATE = 'mutation ($id: Int!, $input: SiteSettingsInput!, $v: Int) { updateSiteSettings(id: $id, input: $input, expectedVersion: $v) { id version firmName linkedinUrl } }';
  const inputOf = (settings: Json, changes: Json = {}) => {
    const { id: _id, version: _version, ...rest } = settings;
    return { ...rest, ...changes };
  };

  it('reads the settings, updates them with expectedVersion, refuses bad input, stale versions and anonymous callers', async () => {
    const read = await gql(QUERY);
    const settings = read.data?.siteSettings as Json;
    expect(settings).toMatchObject({ firmName: 'Harbour & Partners', locale: 'de-AT' });

    const anonymous = await gql(UPDATE, { id: settings.id, input: inputOf(settings, { firmName: 'Nobody' }) });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const bad = await gql(UPDATE, { id: settings.id, input: inputOf(settings, { linkedinUrl: 'linkedin' }), v: settings.version }, cookie);
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ field: 'linkedinUrl', message: expect.any(String) }] });

    const updated = await gql(UPDATE, { id: settings.id, input: inputOf(settings, { firmName: 'Meridian Test', linkedinUrl: null }), v: settings.version }, cookie);
    expect(updated.errors).toBeUndefined();
    expect(updated.data?.updateSiteSettings).toMatchObject({ firmName: 'Meridian Test', linkedinUrl: null, version: Number(settings.version) + 1 });

    const stale = await gql(UPDATE, { id: settings.id, input: inputOf(settings, { firmName: 'Stale' }), v: settings.version }, cookie);
    expect(stale.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    await eventually(async () => ((await gql(QUERY)).data?.siteSettings as Json).firmName === 'Meridian Test', 'the public query shows the new name');
  });

  it('keeps a history of the changes, newest first, from the first state', async () => {
    const settings = (await gql(QUERY)).data?.siteSettings as Json;
    const history = await gql(
      'query ($id: Int!) { contentHistory(collection: "site-settings", id: $id) { action after } }',
      { id: settings.id },
      cookie,
    );
    expect(history.errors).toBeUndefined();
    // `after` is the whole record as JSON.
    const entries = history.data?.contentHistory as { action: string; after: string }[];
    expect(entries.map((entry) => [entry.action, (JSON.parse(entry.after) as Json).firmName])).toEqual([
      ['update', 'Meridian Test'],
      ['update', 'Harbour & Partners'],
      ['create', DEFAULT_FIRM_NAME],
    ]);
  });
});
