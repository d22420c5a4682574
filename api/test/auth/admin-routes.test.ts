import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Express } from 'express';
import { User } from '../../src/auth/user.entity.js';
import { hashPassword } from '../../src/auth/passwords.js';
import { request } from '../helpers/http.js';
import { appRoutes, type Route } from '../helpers/routes.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// Every admin route, read from the live router stack: a route added later is covered without
// touching this test.

function adminRoutes(app: Express): Route[] {
  return appRoutes(app).filter(
    (r) => r.path.startsWith('/api/admin/') || r.path === '/api/upload-image',
  );
}

let app: TestApp;
let express: Express;
beforeAll(async () => {
  app = await startTestApp();
  express = app.app;
});
afterAll(async () => {
  await app?.close();
});

const concrete = (path: string) => path.replace(/:id\b/g, '1');
/** A JSON body for every method that may carry one (fetch refuses a body on GET). */
const body = (method: string) => (method === 'GET' ? {} : { json: {} });

describe('admin routes', () => {
  it('are found in the router: every collection and singleton, and the upload', () => {
    const routes = adminRoutes(express).map((r) => `${r.method} ${r.path}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/admin/countries',
        'PUT /api/admin/countries/:id',
        'DELETE /api/admin/contact-info/:id',
        'PUT /api/admin/landing-content/:id',
        'PUT /api/admin/statistics/:id',
        'POST /api/upload-image',
        'GET /api/admin/webhooks',
        'POST /api/admin/webhooks/:id/test',
        'GET /api/admin/news/:id/history',
        'POST /api/admin/news/:id/restore',
        'POST /api/admin/news/:id/move',
        'GET /api/admin/statistics/:id/history',
        'GET /api/admin/admins',
        'POST /api/admin/account/password',
        'POST /api/admin/news/delete-many',
        'POST /api/admin/news/update-many',
        'POST /api/admin/countries/restore-many',
        'PUT /api/admin/users/:id/role',
      ]),
    );
    // 7 collections x 8 (create, update, delete, history, restore, move, delete-many,
    // restore-many), update-many on the 2 with a flag (news, clients), 3 singletons x 3 (update,
    // history, restore), the upload, 6 webhook routes, 6 account routes (with the role's); the
    // editorial workflow: 7 collections x 8 draft routes (get, save, discard, publish, submit,
    // create, list, unpublish) and 3 singletons x 5 (the first five), a schedule route per type
    // and 3 for the schedule list, 2 preview-link routes per type and their revocation, and the
    // activity log's page and CSV. (Issue 25 added the collection pages and the singleton site-settings.)
    expect(routes.length).toBe(7 * 8 + 2 + 3 * 3 + 1 + 6 + 6 + (7 * 8 + 3 * 5) + (10 + 3) + (10 * 2 + 1) + 2);
  });

  it('answer an anonymous caller 401 {"message": "Unauthorized"}, every one', async () => {
    for (const { method, path } of adminRoutes(express)) {
      const reply = await request(app.baseUrl, method, concrete(path), body(method));
      expect({ route: `${method} ${path}`, status: reply.status, body: reply.body }).toEqual({
        route: `${method} ${path}`,
        status: 401,
        body: { message: 'Unauthorized' },
      });
    }
  });

  it('answer 401 to a session whose user no longer exists', async () => {
    const em = app.orm.em.fork();
    em.create(User, { username: 'leaving', passwordHash: await hashPassword('temporary password') });
    await em.flush();
    const cookie = await app.login('leaving', 'temporary password');
    await em.nativeDelete(User, { username: 'leaving' });
    for (const { method, path } of adminRoutes(express).filter((r) => r.path !== '/api/upload-image')) {
      expect((await request(app.baseUrl, method, concrete(path), { ...body(method), cookie })).status).toBe(401);
    }
  });

  it('answer 401 for unknown paths under /api/admin when anonymous', async () => {
    expect((await request(app.baseUrl, 'GET', '/api/admin/anything')).status).toBe(401);
  });
});
