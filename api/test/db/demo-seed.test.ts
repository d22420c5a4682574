import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { collections } from '../../src/content/registry.js';
import { seedDemoContent } from '../../src/db/seeds/demo-content.js';
import { allVariantNames } from '../../src/uploads/variants.js';
import { request } from '../helpers/http.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('demo seed', () => {
  it('fills every collection with records whose images are served', async () => {
    await seedDemoContent(app.orm.em.fork(), app.deps.storage);
    for (const { path } of collections) {
      const list = (await request(app.baseUrl, 'GET', `/api/${path}`)).body;
      expect({ path, count: list.length > 0 }).toEqual({ path, count: true });
      for (const record of list) {
        const image = record.flagImageUrl ?? record.logoUrl ?? record.pictureUrl;
        if (!image) continue;
        const served = await fetch(`${app.baseUrl}${image}`);
        expect(served.headers.get('content-type')).toBe('image/png');
      }
    }
    expect((await request(app.baseUrl, 'GET', '/api/statistics')).body.expertCount).toBeGreaterThan(0);
  });

  it('stores every demo image through the upload service: re-encoded, with its six variants', async () => {
    const images = new Set<string>();
    for (const { path } of collections) {
      for (const record of (await request(app.baseUrl, 'GET', `/api/${path}`)).body) {
        const image = record.flagImageUrl ?? record.logoUrl ?? record.pictureUrl;
        if (image) images.add(image.replace(/^\/uploads\//, ''));
      }
    }
    expect(images.size).toBeGreaterThan(20);
    for (const name of images) {
      const base = name.replace(/\.png$/, '');
      // Already in storage (made by the seed), not made on request.
      for (const variant of allVariantNames(base)) expect([variant, await app.deps.storage.has(variant)]).toEqual([variant, true]);
    }
  });

  it('replaces rather than duplicates when run again', async () => {
    const before = (await request(app.baseUrl, 'GET', '/api/countries')).body.length;
    await seedDemoContent(app.orm.em.fork(), app.deps.storage);
    expect((await request(app.baseUrl, 'GET', '/api/countries')).body.length).toBe(before);
  });

  it("heads every record's history with its seeded state, without an author", async () => {
    const cookie = await app.login();
    const [country] = (await request(app.baseUrl, 'GET', '/api/countries')).body;
    const history = (await request(app.baseUrl, 'GET', `/api/admin/countries/${country.id}/history`, { cookie })).body;
    expect(history).toEqual([expect.objectContaining({ action: 'create', username: null, after: expect.objectContaining({ name: country.name }) })]);
    // The singletons were rewritten by the seed: an update from their first-start state.
    const stats = (await request(app.baseUrl, 'GET', '/api/statistics')).body;
    const statsHistory = (await request(app.baseUrl, 'GET', `/api/admin/statistics/${stats.id}/history`, { cookie })).body;
    expect(statsHistory[0]).toMatchObject({ action: 'update', username: null, after: { expertCount: stats.expertCount } });
    expect(statsHistory.at(-1)).toMatchObject({ action: 'create', username: null });
  });

  it('writes the demo firm into the site settings and publishes the legal pages with demo text in place of the placeholders', async () => {
    const settings = (await request(app.baseUrl, 'GET', '/api/site-settings')).body;
    expect(settings).toMatchObject({
      firmName: 'Meridian Advisory',
      shortName: 'Meridian',
      description: 'Management and strategy consultants helping governments and companies plan, reform and grow.',
      streetAddress: expect.any(String),
      city: expect.any(String),
      linkedinUrl: expect.stringMatching(/^https:\/\/www\.linkedin\.com\//),
      iconUrl: expect.stringMatching(/^\/uploads\/demo-icon-w512\.png$/),
    });
    const icon = await fetch(`${app.baseUrl}${settings.iconUrl}`);
    expect({ status: icon.status, type: icon.headers.get('content-type') }).toEqual({ status: 200, type: 'image/png' });
    const footer = (await request(app.baseUrl, 'GET', '/api/pages?linkedFrom=footer')).body as { slug: string; body: string }[];
    expect(footer.map((page) => page.slug)).toEqual(['privacy-policy', 'imprint', 'accessibility-statement']);
    for (const page of footer) {
      expect(page.body).toMatch(/^This is demo content for Meridian Advisory, a fictional firm\./);
      expect(page.body).not.toContain('Placeholder');
    }
    const cookie = await app.login();
    expect((await request(app.baseUrl, 'GET', '/api/admin/pages/drafts', { cookie })).body.items).toEqual([]);
  });
});
