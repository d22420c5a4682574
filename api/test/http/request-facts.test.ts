import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import fc from 'fast-check';
import { SESSION_COOKIE } from '../../src/auth/session-store.js';
import { hasSessionCookie, isSecure } from '../../src/http/request-facts.js';

// The path before Express judges a request as the app does: HTTPS exactly as Express's req.secure
// under the app's own `trust proxy` setting, and the session cookie by the session store's name.

const TRUST_SETTINGS: unknown[] = [false, true, 'loopback', '10.0.0.0/8', '127.0.0.1', 1, 2];

let server: Server;
let baseUrl: string;
const apps = TRUST_SETTINGS.map((setting) => {
  const app = express();
  app.set('trust proxy', setting);
  app.get('/', (req, res) => {
    res.json({ express: req.secure, fastPath: isSecure(req, app.get('trust proxy fn')) });
  });
  return app;
});

beforeAll(async () => {
  // One server; the setting to use is named by a header, so every request reaches a real Express app.
  server = http.createServer((req, res) => apps[Number(req.headers['x-app'])](req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const protoValue = fc.oneof(
  fc.constantFrom('https', 'http', 'HTTPS', ' https', 'https ', 'https, http', 'http, https', 'https,http', 'wss', '', ','),
  fc.stringMatching(/^[a-zA-Z ,]{0,12}$/),
);

describe('isSecure', () => {
  it('agrees with req.secure for every trust proxy setting and X-Forwarded-Proto (fast-check, seeded)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: apps.length - 1 }), fc.option(protoValue, { nil: undefined }), async (app, proto) => {
        const headers: Record<string, string> = { 'x-app': String(app) };
        if (proto !== undefined) headers['x-forwarded-proto'] = proto;
        const answer = (await (await fetch(baseUrl, { headers })).json()) as { express: boolean; fastPath: boolean };
        expect(answer.fastPath).toBe(answer.express);
      }),
      { numRuns: 150, seed: 2111 },
    );
  });

  it('says HTTPS for a trusted proxy that says so, and not for an untrusted one', async () => {
    const ask = async (app: number, proto: string) => (await (await fetch(baseUrl, { headers: { 'x-app': String(app), 'x-forwarded-proto': proto } })).json()) as { fastPath: boolean };
    expect((await ask(1, 'https')).fastPath).toBe(true);
    expect((await ask(0, 'https')).fastPath).toBe(false);
    expect((await ask(3, 'https')).fastPath).toBe(false);
  });
});

describe('hasSessionCookie', () => {
  const withCookie = (cookie?: string) => ({ headers: cookie === undefined ? {} : { cookie } }) as http.IncomingMessage;
  it("looks for the session store's cookie name, as a whole name", () => {
    expect(hasSessionCookie(withCookie(`${SESSION_COOKIE}=abc`))).toBe(true);
    expect(hasSessionCookie(withCookie(`theme=dark; ${SESSION_COOKIE}=abc`))).toBe(true);
    expect(hasSessionCookie(withCookie(`x${SESSION_COOKIE}=abc`))).toBe(false);
    expect(hasSessionCookie(withCookie('theme=dark'))).toBe(false);
    expect(hasSessionCookie(withCookie())).toBe(false);
  });
});
