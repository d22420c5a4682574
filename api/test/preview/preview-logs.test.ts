import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { User } from '../../src/auth/user.entity.js';
import { createPreviewLink } from '../../src/preview/preview-links.service.js';
import { createLogger } from '../../src/shared/logger.js';
import { fillCollection } from '../helpers/fill-content.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { previewWebDist } from './preview-web-dist.js';

// A share link's token is a credential: whoever reads it opens the preview. The request log
// (the app's own logger, pino-http) never writes it, and the preview page sends no Referer that
// would carry it to the next request (its assets, a link the reviewer follows).

const lines: string[] = [];
const captured = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const dist = previewWebDist();
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({}, { webDist: dist.dir, logger: createLogger({ logLevel: 'info' }, captured) });
  await fillCollection(app.orm, 'news', { count: 1 });
});
afterAll(async () => {
  await app?.close();
  dist.remove();
});

describe('a share link in the logs', () => {
  it('is never written: the request line says /preview/shared/[token]', async () => {
    const user = await app.orm.em.fork().findOneOrFail(User, { username: 'admin' });
    const [news] = await app.orm.em.fork().getConnection().execute<{ id: number }[]>('select id from news limit 1');
    const link = await createPreviewLink(app.orm.em.fork(), { userId: user.id }, app.deps.config, 'news', news.id);
    const url = new URL(link.url!);
    const token = url.pathname.split('/').at(-1)!;
    lines.length = 0;
    const page = await fetch(`${app.baseUrl}${url.pathname}?utm=x`, { headers: { referer: `${app.baseUrl}${url.pathname}` } });
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const log = lines.join('');
    expect(log).toContain('/preview/shared/[token]?utm=x');
    expect(log).not.toContain(token);
    // Other URLs are logged as they are.
    lines.length = 0;
    await fetch(`${app.baseUrl}/api/nothing-here?limit=1`, { headers: { cookie: 'sid=secret-cookie', referer: 'https://elsewhere.example/page' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const other = lines.join('');
    expect(other).toContain(`"url":"/api/nothing-here?limit=1"`);
    expect(other).toContain(`"referer":"https://elsewhere.example/page"`);
    expect(other).not.toContain('secret-cookie');
  });
});
