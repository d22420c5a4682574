import type { RequestHandler } from 'express';
import { bodyOf, errors, json, jsonBody, ok, ref, textOf } from '../http/doc-parts.js';
import { ADMIN_API_ROOT, ADMIN_PANEL_ROOT, adminApiRoute, API_ROOT, publicApiRoute, type Route } from '../http/route.js';
import { Unauthorized } from '../shared/errors.js';
import { discardBody } from '../uploads/multipart.js';
import { emOf } from '../shared/request-context.js';
import { changeOwnPassword, currentUser } from './auth.service.js';
import { callerOf, endSession, startSession } from './session.js';
import { clearSessionCookie, SESSION_COOKIE } from './session-store.js';
import { grantOrSecondStep, signInWithCode, signInWithPassword } from './sign-in/sign-in-flow.js';

// Signing in and out, and who is signed in: the REST rows of the session.

const tags = ['Session'];
const step = (description: string, methods: string[]) => ({
  type: 'object',
  description,
  properties: {
    token: { type: 'string', description: 'For the next step: valid 5 minutes, completes one sign-in.' },
    methods: { type: 'array', items: { enum: methods } },
    expiresAt: { type: 'string', format: 'date-time' },
  },
  required: ['token', 'methods', 'expiresAt'],
  additionalProperties: false,
});
/** POST /api/login's 401: wrong credentials, or the step the sign-in needs next. */
const loginRefused = json(
  {
    type: 'object',
    properties: {
      message: { type: 'string', description: '"Invalid credentials", "A second step is needed to sign in" (secondStep) or "Set up a second factor to sign in" (enrolment).' },
      secondStep: step('The password was right; send a code to POST /api/login/second-factor with this token (or use a passkey over GraphQL: signInWithPasskey).', ['totp', 'recovery-code', 'passkey']),
      enrolment: step('The password was right, but the policy requires a second factor the account lacks: set one up with this token (GraphQL beginTotpEnrolment / confirmTotpEnrolment, passkeyRegistrationOptions / registerPasskey).', ['totp', 'passkey']),
    },
    required: ['message'],
  },
  'Wrong username or password; or the password was right and the sign-in needs a second step (secondStep) or enrolment (enrolment). No session either way.',
);
const textBody = (...names: string[]) => jsonBody({ type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])), required: names });

export function authRoutes(): Route[] {
  return [
    publicApiRoute({
      method: 'POST',
      path: `${API_ROOT}/login`,
      doc: {
        tags,
        operationId: 'login',
        summary: `Signs in; the answer sets the session cookie (${SESSION_COOKIE}).`,
        description:
          'An account without a second factor (while the policy does not require one) is signed in: 200 {ok: true}. An account with one gets 401 with `secondStep` (finish with POST /api/login/second-factor); while the policy requires a second factor, an account without one gets 401 with `enrolment`.',
        requestBody: textBody('username', 'password'),
        responses: { 200: ok, ...errors(400, 403, 429), 401: loginRefused },
      },
      serve: ({ deps }) => async (req, res) => {
        const grant = grantOrSecondStep(await signInWithPassword(emOf(req), req.body, { ip: req.ip ?? 'unknown', config: deps.config }));
        await startSession(req, grant);
        res.json({ ok: true });
      },
    }),
    publicApiRoute({
      method: 'POST',
      path: `${API_ROOT}/login/second-factor`,
      doc: {
        tags,
        operationId: 'loginSecondFactor',
        summary: `Completes a sign-in with a code: six digits from the authenticator app, or a recovery code; the answer sets the session cookie (${SESSION_COOKIE}).`,
        description:
          'The token is the `secondStep.token` of POST /api/login (valid 5 minutes, completes one sign-in). Each authenticator code works once (one 30-second step of clock drift either way); each recovery code works once. Code attempts are limited per account (LOGIN_MAX_CODE_ATTEMPTS in the login window) and per address. 401 `Invalid code` or `This sign-in has expired. Sign in again.`; 400 on `code` for one that is neither shape.',
        requestBody: textBody('token', 'code'),
        responses: { 200: ok, ...errors(400, 401, 403, 429) },
      },
      serve: ({ deps }) => async (req, res) => {
        const body = bodyOf(req);
        const grant = await signInWithCode(emOf(req), { token: body.token, code: body.code }, { ip: req.ip ?? 'unknown', config: deps.config });
        await startSession(req, grant);
        res.json({ ok: true });
      },
    }),
    // The admin screens send a signed-out browser here.
    publicApiRoute({
      method: 'GET',
      path: `${API_ROOT}/login`,
      doc: { tags, operationId: 'loginPage', summary: 'Redirects a browser to the admin sign-in page.', responses: { 302: { description: 'To /admin/login.' } } },
      serve: () => (_req, res) => res.redirect(302, `${ADMIN_PANEL_ROOT}/login`),
    }),
    publicApiRoute({
      method: 'POST',
      path: `${API_ROOT}/logout`,
      doc: { tags, operationId: 'logout', summary: 'Ends the session.', responses: { 200: ok, ...errors(403) } },
      serve: ({ deps }) => async (req, res) => {
        await endSession(req);
        clearSessionCookie(req, res, deps.config);
        res.json({ ok: true });
      },
    }),
    adminApiRoute({
      method: 'POST',
      path: `${ADMIN_API_ROOT}/account/password`,
      access: 'signed-in',
      doc: {
        tags: ['Accounts'],
        operationId: 'changeOwnPassword',
        summary: "Changes the signed-in administrator's password (their other sessions end).",
        requestBody: textBody('currentPassword', 'newPassword'),
        responses: { 200: ok, ...errors(400, 401, 403, 429) },
      },
      serve: ({ deps }) => async (req, res) => {
        const input = { currentPassword: textOf(req, 'currentPassword'), newPassword: textOf(req, 'newPassword') };
        await changeOwnPassword(emOf(req), callerOf(req), input, { keepSessionId: req.sessionID ?? null, ip: req.ip ?? 'unknown', limits: deps.config.loginLimits });
        res.json({ ok: true });
      },
    }),
    publicApiRoute({
      method: 'GET',
      path: `${API_ROOT}/auth/check`,
      doc: {
        tags,
        operationId: 'authCheck',
        summary: 'Whether the caller is signed in.',
        responses: { 200: json({ type: 'object', properties: { authenticated: { type: 'boolean' } }, required: ['authenticated'], additionalProperties: false }, 'The answer.') },
      },
      serve: () => async (req, res) => {
        res.json({ authenticated: (await currentUser(emOf(req), callerOf(req))) !== null });
      },
    }),
    adminApiRoute({
      method: 'GET',
      path: `${API_ROOT}/auth/user`,
      access: 'signed-in',
      doc: { tags, operationId: 'authUser', summary: 'The signed-in administrator.', responses: { 200: json(ref('User'), 'The user.'), ...errors(401) } },
      serve: () => async (req, res) => {
        const user = await currentUser(emOf(req), callerOf(req));
        if (!user) throw new Unauthorized();
        res.json(user);
      },
    }),
  ];
}

/**
 * Answers an anonymous caller 401 before anything else runs (a body not read yet, such as an
 * upload's, is discarded as it comes). The services check again, against the database; this guard
 * keeps every signed-in route, and anything new under the admin API, closed by default.
 */
export const requireSignedIn: RequestHandler = (req, _res, next) => {
  if (callerOf(req).userId) return next();
  discardBody(req);
  throw new Unauthorized();
};
