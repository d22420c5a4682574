import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { logLines, startTwoInstances, within, type Instance, type TwoInstances } from './harness/two-instances.js';

// Instances agree: two built servers started together on one fresh database (on the
// harness's PostgreSQL) and one S3-compatible bucket (s3rver on loopback). Sessions, the login
// throttle, public caches and uploads must behave as if there were one server.

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const ADMIN = { username: 'admin', password: 'instances-e2e-password' };
const DATABASE = 'instances_e2e';

let started: TwoInstances | undefined;
let instances: Instance[] = [];
let cookie = '';

function login(instance: Instance, password: string): Promise<Response> {
  return fetch(`${instance.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.username, password }),
  });
}

beforeAll(async () => {
  started = await startTwoInstances(DATABASE, ADMIN);
  ({ instances } = started);
}, 150_000);

afterAll(async () => {
  await started?.stop();
}, 60_000);

describe('two instances on one database and one bucket', () => {
  it('start together, migrate once and log no error', async () => {
    const db = started!.db;
    const { rows } = await db.query<{ name: string; n: number }>(
      'select name, count(*)::int as n from mikro_orm_migrations group by name order by name',
    );
    // Every committed migration, each applied exactly once.
    const committed = [...readFileSync(path.join(ROOT, 'api/src/db/migrations/index.ts'), 'utf8').matchAll(/name: '(\w+)'/g)].map((m) => m[1]);
    expect(committed.length).toBeGreaterThan(0);
    expect(rows).toEqual(committed.sort().map((name) => ({ name, n: 1 })));
    const { rows: admins } = await db.query<{ n: number }>('select count(*)::int as n from users');
    expect(admins[0].n).toBe(1);
    for (const instance of instances) {
      const lines = logLines(instance);
      expect(lines.length).toBeGreaterThan(0); // the log is where we look: it has the start-up lines
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    }
  });

  it('a session made on A works on B', async () => {
    const [a, b] = instances;
    const response = await login(a, ADMIN.password);
    expect(response.status).toBe(200);
    cookie = response.headers.getSetCookie()[0].split(';')[0];
    const user = await fetch(`${b.baseUrl}/api/auth/user`, { headers: { cookie } });
    expect(user.status).toBe(200);
    expect(((await user.json()) as { username: string }).username).toBe(ADMIN.username);
    // Without the cookie B knows nobody: the 200 above came from the shared session.
    expect((await fetch(`${b.baseUrl}/api/auth/user`)).status).toBe(401);
  });

  it('a write on A is visible on B within a second, REST and page', async () => {
    const [a, b] = instances;
    // B caches the public answers first, so only an invalidation can show the write.
    const beforeList = (await (await fetch(`${b.baseUrl}/api/news`)).json()) as { title: string }[];
    const beforePage = await (await fetch(`${b.baseUrl}/`)).text();
    const title = `Instances agree ${Date.now()}`;
    expect(beforeList.some((item) => item.title === title)).toBe(false);
    expect(beforePage).not.toContain(title);

    const created = await fetch(`${a.baseUrl}/api/admin/news`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: a.baseUrl },
      body: JSON.stringify({ title, brief: 'Written on A', pictureUrl: 'https://example.com/instances.png' }),
    });
    expect(created.status).toBe(201);
    const deadline = Date.now() + 1_000;
    const restSeen = await within(deadline, async () => {
      const list = (await (await fetch(`${b.baseUrl}/api/news`)).json()) as { title: string }[];
      return list.some((item) => item.title === title);
    });
    const pageSeen = await within(deadline, async () => (await (await fetch(`${b.baseUrl}/`)).text()).includes(title));
    expect({ restSeen, pageSeen }).toEqual({ restSeen: true, pageSeen: true });
  });

  it('a draft saved on A never shows on B; published on A, it is on B within a second', async () => {
    const [a, b] = instances;
    const headers = { 'content-type': 'application/json', cookie, origin: a.baseUrl };
    const title = `Drafted on A ${Date.now()}`;
    const draft = await fetch(`${a.baseUrl}/api/admin/news/drafts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title, brief: 'Not yet public', pictureUrl: 'https://example.com/draft.png' }),
    });
    expect(draft.status).toBe(201);
    const { recordId } = (await draft.json()) as { recordId: number };
    const onB = async () => ((await (await fetch(`${b.baseUrl}/api/news`)).json()) as { title: string }[]).some((item) => item.title === title);
    expect(await onB()).toBe(false);
    expect(await (await fetch(`${b.baseUrl}/news`)).text()).not.toContain(title);

    expect((await fetch(`${a.baseUrl}/api/admin/news/${recordId}/publish`, { method: 'POST', headers })).status).toBe(200);
    const deadline = Date.now() + 1_000;
    const restSeen = await within(deadline, onB);
    const pageSeen = await within(deadline, async () => (await (await fetch(`${b.baseUrl}/`)).text()).includes(title));
    expect({ restSeen, pageSeen }).toEqual({ restSeen: true, pageSeen: true });
  });

  it('an image uploaded through A is served by B, with its variants', async () => {
    const [a, b] = instances;
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'picture.png');
    const uploaded = await fetch(`${a.baseUrl}/api/upload-image`, { method: 'POST', headers: { cookie, origin: a.baseUrl }, body: form });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/[^/]+\.png$/);

    const fromA = await fetch(`${a.baseUrl}${url}`);
    const fromB = await fetch(`${b.baseUrl}${url}`);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(fromB.headers.get('content-type')).toBe('image/png');
    const bytesA = Buffer.from(await fromA.arrayBuffer());
    const bytesB = Buffer.from(await fromB.arrayBuffer());
    expect(bytesB.equals(bytesA)).toBe(true);
    expect((await sharp(bytesB).metadata()).width).toBe(400);

    const variant = await fetch(`${b.baseUrl}${url.replace(/\.png$/, '-320.webp')}`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 320]);
  });

  it('the login limit counts attempts on both', async () => {
    const [a, b] = instances;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) statuses.push((await login(attempt % 2 ? b : a, 'wrong-password')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // The 6th attempt for the username, on either instance, even with the right password.
    expect((await login(b, 'wrong-password')).status).toBe(429);
    expect((await login(a, ADMIN.password)).status).toBe(429);
  });
});
