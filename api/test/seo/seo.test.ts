import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// sitemap.xml and robots.txt come from PUBLIC_URL (or the server's own address), never the Host header.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ publicUrl: 'https://www.meridian.example' });
});
afterAll(async () => {
  await app?.close();
});

describe('search engine files', () => {
  it('sitemap.xml lists the four public pages under PUBLIC_URL', async () => {
    const response = await fetch(`${app.baseUrl}/sitemap.xml`, { headers: { host: 'evil.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([
      'https://www.meridian.example/',
      'https://www.meridian.example/team',
      'https://www.meridian.example/news',
      'https://www.meridian.example/clients',
    ]);
    expect(xml).not.toContain('evil.example');
  });

  it('robots.txt keeps crawlers out of the admin panel and the APIs and names the sitemap', async () => {
    const response = await fetch(`${app.baseUrl}/robots.txt`, { headers: { host: 'evil.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await response.text()).split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /admin', 'Disallow: /api/', 'Disallow: /graphql']));
    expect(lines).toContain('Sitemap: https://www.meridian.example/sitemap.xml');
  });
});

describe('without PUBLIC_URL (development)', () => {
  let local: TestApp;
  beforeAll(async () => {
    // The port the server would listen on; the test app itself listens on a free one.
    local = await startTestApp({ port: 4321 });
  });
  afterAll(async () => {
    await local?.close();
  });

  /** GET with a forged Host header (fetch may not send one as given). */
  function getWithHost(path: string, host: string): Promise<string> {
    const url = new URL(local.baseUrl);
    return new Promise((resolve, reject) => {
      http
        .get({ host: url.hostname, port: url.port, path, headers: { host } }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve(body));
        })
        .on('error', reject);
    });
  }

  it('sitemap.xml and robots.txt name http://localhost:<PORT>, whatever Host the first request forged', async () => {
    const sitemap = await getWithHost('/sitemap.xml', 'evil.example');
    const robots = await getWithHost('/robots.txt', 'evil.example:8080');
    expect(sitemap).toContain('<loc>http://localhost:4321/news</loc>');
    expect(robots).toContain('Sitemap: http://localhost:4321/sitemap.xml');
    for (const text of [sitemap, robots, await getWithHost('/sitemap.xml', 'localhost:4321')]) expect(text).not.toContain('evil.example');
  });
});
