import { describe, expect, it } from '@jest/globals';
import { request } from '../helpers/http.js';
import { signedInApp } from '../helpers/signed-in-app.js';

const session = signedInApp();

const landing = {
  heroTagline: 'New tagline',
  heroSubtitle: 'New subtitle',
  companyDescription: 'What we do',
  mainWebsiteUrl: 'https://www.example.org',
};
const statistics = { yearEstablished: '2011', expertCount: 40, projectCount: '300', partnerCount: 25 };

describe('first start', () => {
  it('has landing content with the default main website', async () => {
    const reply = await request(session.app.baseUrl, 'GET', '/api/landing-content');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: expect.any(Number), mainWebsiteUrl: 'https://www.example.com' });
    expect(reply.body.heroTagline.length).toBeGreaterThan(0);
  });

  it('has statistics established in 2011', async () => {
    const reply = await request(session.app.baseUrl, 'GET', '/api/statistics');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ yearEstablished: '2011', expertCount: 0, projectCount: 0, partnerCount: 0 });
  });
});

describe.each([
  ['landing-content', landing, { ...landing }],
  ['statistics', statistics, { ...statistics, projectCount: 300 }],
])('PUT /api/admin/%s/:id', (path, input, stored) => {
  it('updates the record by its id (200) and GET shows it', async () => {
    const { id } = (await request(session.app.baseUrl, 'GET', `/api/${path}`)).body;
    const reply = await request(session.app.baseUrl, 'PUT', `/api/admin/${path}/${id}`, { json: input, cookie: session.cookie });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id, ...stored, version: expect.any(Number) });
    expect((await request(session.app.baseUrl, 'GET', `/api/${path}`)).body).toEqual(reply.body);
  });

  it('answers 404 for another id', async () => {
    const { id } = (await request(session.app.baseUrl, 'GET', `/api/${path}`)).body;
    const reply = await request(session.app.baseUrl, 'PUT', `/api/admin/${path}/${id + 1}`, { json: input, cookie: session.cookie });
    expect(reply.status).toBe(404);
  });
});

describe('singleton validation', () => {
  it('requires every landing content field and a web address', async () => {
    const { id } = (await request(session.app.baseUrl, 'GET', '/api/landing-content')).body;
    const reply = await request(session.app.baseUrl, 'PUT', `/api/admin/landing-content/${id}`, {
      json: { heroTagline: '', mainWebsiteUrl: 'example' },
      cookie: session.cookie,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      { field: 'heroTagline', message: 'Hero tagline is required' },
      { field: 'heroSubtitle', message: 'Hero subtitle is required' },
      { field: 'companyDescription', message: 'Company description is required' },
      { field: 'mainWebsiteUrl', message: 'Main website URL must be a web address starting with http:// or https://' },
    ]);
  });

  it('takes counts as non-negative whole numbers', async () => {
    const { id } = (await request(session.app.baseUrl, 'GET', '/api/statistics')).body;
    const reply = await request(session.app.baseUrl, 'PUT', `/api/admin/statistics/${id}`, {
      json: { ...statistics, expertCount: -1, projectCount: 2.5, partnerCount: 'many' },
      cookie: session.cookie,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      { field: 'expertCount', message: 'Expert consultants count must be at least 0' },
      { field: 'projectCount', message: 'Completed projects count must be a whole number' },
      { field: 'partnerCount', message: 'Partners count must be a whole number' },
    ]);
  });
});
