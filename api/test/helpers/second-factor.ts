import { generate } from 'otplib';
import { COMMAND_LINE, createUser } from '../../src/auth/accounts.service.js';
import { request, type Reply } from './http.js';
import { sessionCookie, type TestApp } from './test-app.js';

// Second-factor sign-ins for the tests: accounts, authenticator codes computed from the secret
// (as an app would), and the REST and GraphQL calls of each sign-in step.

export type Json = Record<string, any>;

export const STEP_SECONDS = 30;

/**
 * The TOTP code of `secret` `steps` time steps away from now (as an app with a drifting clock
 * shows it). Computed away from a step's end, so the server checks it in the same step.
 */
export async function codeAt(secret: string, steps = 0): Promise<string> {
  await awayFromStepBoundary(2);
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * STEP_SECONDS });
}

/**
 * Waits, when the current time step ends within `margin` seconds, until the next one has begun:
 * a code computed here is then checked by the server in the same step.
 */
export async function awayFromStepBoundary(margin = 3): Promise<void> {
  const intoStep = (Date.now() / 1000) % STEP_SECONDS;
  if (intoStep > STEP_SECONDS - margin) await new Promise((resolve) => setTimeout(resolve, (STEP_SECONDS - intoStep + 0.5) * 1000));
}

/** A six-digit code that is none of the account's valid ones (two steps either side of now). */
export async function wrongCode(secret: string): Promise<string> {
  const valid = new Set(await Promise.all([-2, -1, 0, 1, 2].map((steps) => codeAt(secret, steps))));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

export function sessionClient(app: () => TestApp) {
  async function gql(query: string, variables: Json = {}, cookie?: string): Promise<{ status: number; data?: Json | null; errors?: Json[]; cookie: string | null }> {
    const response = await fetch(`${app().baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as Json;
    const set = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
    return { status: response.status, ...body, cookie: set ? set.split(';')[0] : null };
  }

  const rest = (method: string, path: string, json?: unknown, cookie?: string): Promise<Reply> => request(app().baseUrl, method, path, { json, cookie });

  /** A new account (created as the command line does) with this password. */
  async function account(username: string, password = 'a long enough password', role = 'admin') {
    await createUser(app().orm.em.fork(), COMMAND_LINE, { username, password, role });
    return { username, password };
  }

  /** Signs in with the password alone (it must be enough) and returns the session cookie. */
  async function passwordSession(username: string, password: string): Promise<string> {
    const response = await fetch(`${app().baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`login failed: ${response.status} ${text}`);
    return sessionCookie(response);
  }

  /** Sets up TOTP for the signed-in `cookie`'s account; its secret and recovery codes. */
  async function enrolTotp(cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
    const begin = await gql('mutation { beginTotpEnrolment(token: null) { secret uri qrSvg } }', {}, cookie);
    if (!begin.data) throw new Error(`beginTotpEnrolment failed: ${JSON.stringify(begin.errors)}`);
    const secret = begin.data.beginTotpEnrolment.secret as string;
    await awayFromStepBoundary();
    const confirm = await gql('mutation($code: String!) { confirmTotpEnrolment(code: $code, token: null) { recoveryCodes } }', { code: await codeAt(secret) }, cookie);
    if (!confirm.data) throw new Error(`confirmTotpEnrolment failed: ${JSON.stringify(confirm.errors)}`);
    return { secret, recoveryCodes: confirm.data.confirmTotpEnrolment.recoveryCodes as string[] };
  }

  /** POST /api/login for an account with a second factor: the second step's token. */
  async function secondStepToken(username: string, password: string): Promise<string> {
    const reply = await rest('POST', '/api/login', { username, password });
    if (reply.status !== 401 || !reply.body.secondStep) throw new Error(`expected a second step: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body.secondStep.token as string;
  }

  /** POST /api/login/second-factor: the reply and the session cookie it set (null: none). */
  async function sendCode(token: unknown, code: unknown): Promise<Reply & { cookie: string | null }> {
    const reply = await rest('POST', '/api/login/second-factor', { token, code });
    const set = reply.headers.getSetCookie().find((c) => c.startsWith('sid='));
    return { ...reply, cookie: set ? set.split(';')[0] : null };
  }

  async function signedIn(cookie: string | null): Promise<boolean> {
    if (!cookie) return false;
    return (await rest('GET', '/api/auth/check', undefined, cookie)).body.authenticated === true;
  }

  return { gql, rest, account, passwordSession, enrolTotp, secondStepToken, sendCode, signedIn };
}
