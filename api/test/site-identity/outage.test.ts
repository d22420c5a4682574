import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { testServerUrl } from '../helpers/test-database.js';

// The firm's generated images while PostgreSQL is away (the app reaches it through a TCP proxy the
// test cuts): never a 500 or a stack trace. Before anything was read: 503 with Retry-After; once
// read, the last settings stand in and the images are still served.

let app: TestApp;
let proxy: TcpProxy;

beforeAll(async () => {
  proxy = await startTcpProxy(testServerUrl());
  app = await startTestApp({}, { connectThrough: (url) => proxy.urlFor(url) });
});
afterAll(async () => {
  await app?.close();
  await proxy?.close();
});

async function get(path: string) {
  const response = await fetch(`${app.baseUrl}${path}`, { redirect: 'manual' });
  return { status: response.status, headers: response.headers, text: Buffer.from(await response.arrayBuffer()) };
}

async function eventually(path: string, status: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  let last = 0;
  while (Date.now() < deadline) {
    last = (await get(path)).status;
    if (last === status) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} still answers ${last}, not ${status}`);
}

const PATHS = ['/icons/favicon-32.png', '/icons/icon-512.png', '/site.webmanifest', '/share/news.png', '/share/index.png', '/share/news/some-article.png'];

describe('the database away', () => {
  it('before the settings were ever read: 503 with Retry-After, no stack trace', async () => {
    await proxy.cut();
    for (const path of PATHS) {
      const reply = await get(path);
      expect({ path, status: reply.status, retryAfter: reply.headers.get('retry-after') }).toEqual({ path, status: 503, retryAfter: '5' });
      expect(reply.text.toString('utf8')).not.toMatch(/stack|ECONNREFUSED|at \w+ \(/);
    }
    await proxy.restore();
  });

  it('once read, the icons, the manifest and the fixed pages cards are still served from the last settings', async () => {
    await eventually('/site.webmanifest', 200);
    expect((await get('/icons/favicon-32.png')).status).toBe(200);
    expect((await get('/share/news.png')).status).toBe(200);
    // The item pages' index read while the database is there (no such article: 404).
    expect((await get('/share/news/some-article.png')).status).toBe(404);
    await proxy.cut();
    try {
      const manifest = await get('/site.webmanifest');
      expect(manifest.status).toBe(200);
      expect(JSON.parse(manifest.text.toString('utf8')).name).toBe('Your Firm');
      const favicon = await get('/icons/favicon-32.png');
      expect(favicon.status).toBe(200);
      expect((await sharp(favicon.text).metadata()).width).toBe(32);
      // Drawn before, and one never drawn: a fixed page needs no query.
      expect((await get('/share/news.png')).status).toBe(200);
      const team = await get('/share/team.png');
      expect(team.status).toBe(200);
      expect((await sharp(team.text).metadata()).width).toBe(1200);
      // Not a page (the last index read says so): 404, not a 500.
      expect((await get('/share/news/some-article.png')).status).toBe(404);
    } finally {
      await proxy.restore();
    }
  });
});
