import { describe, expect, it } from '@jest/globals';
import { graphqlClient } from '../helpers/graphql.js';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';

// The firm's time zone has one source, the site settings: TIME_ZONE seeds it on a database's
// first start; after that the Site screen's Time Zone is what scheduling shows and names.

const session = signedInApp({ timeZone: 'Europe/Berlin' });
const { gql } = graphqlClient(session);

type Settings = { id: number; version: number; timeZone: string } & Record<string, unknown>;
const settings = async () => (await request(session.app.baseUrl, 'GET', '/api/site-settings')).body as Settings;
/** The record as a PUT takes it: every field, without the id and version. */
const input = ({ id: _id, version: _version, ...fields }: Settings) => fields;

describe("the firm's time zone", () => {
  it('starts as TIME_ZONE on a fresh database', async () => {
    expect((await settings()).timeZone).toBe('Europe/Berlin');
    expect((await gql('{ siteTimeZone }', {}, session.cookie)).data).toEqual({ siteTimeZone: 'Europe/Berlin' });
  });

  it('is then the Site screen\'s: scheduling follows a change of the settings at once', async () => {
    const before = await settings();
    const saved = await request(session.app.baseUrl, 'PUT', `/api/admin/site-settings/${before.id}`, {
      json: { ...input(before), timeZone: 'Asia/Tokyo' },
      cookie: session.cookie,
      headers: { 'If-Match': `"${before.version}"` },
    });
    expect(saved.status).toBe(200);
    expect((await gql('{ siteTimeZone }', {}, session.cookie)).data).toEqual({ siteTimeZone: 'Asia/Tokyo' });
  });

  it('refuses an unknown zone with a short message, not the list of every zone', async () => {
    const before = await settings();
    const refused = await request(session.app.baseUrl, 'PUT', `/api/admin/site-settings/${before.id}`, {
      json: { ...input(before), timeZone: 'Mars/Olympus_Mons' },
      cookie: session.cookie,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'timeZone', message: expect.stringMatching(/^Time zone must be one of its \d{3} allowed values, such as UTC, /) }]);
    expect((await settings()).timeZone).toBe('Asia/Tokyo');
  });
});
