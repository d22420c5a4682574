import type { RequestHandler } from 'express';
import { errors, json, jsonBody, ok, ref, textOf } from '../http/doc-parts.js';
import { ADMIN_API_ROOT, ADMIN_PANEL_ROOT, adminApiRoute, API_ROOT, publicApiRoute, type Route } from '../http/route.js';
import { Unauthorized } from '../shared/errors.js';
import { discardBody } from '../uploads/multipart.js';
import { emOf } from '../shared/request-context.js';
import { changeOwnPassword, currentUser, login } from './auth.service.js';
import { callerOf, endSession, startSession } from './session.js';
import { clearSessionCookie, SESSION_COOKIE } from './session-store.js';
import { issueGrant } from './sign-in/session-grant.js';

// Signing in and out, and who is signed in: the REST rows of the session.

const tags = ['Session'];
const textBody = (...names: string[]) => jsonBody({ type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])), required: names });

export function authRoutes(): Route[] {
  return [
    publicApiRoute({
      method: 'POST',
      path: `${API_ROOT}/login`,
      doc: { tags, operationId: 'login', summary: `Signs in; the answer sets the session cookie (${SESSION_COOKIE}).`, requestBody: textBody('username', 'password'), responses: { 200: ok, ...errors(400, 401, 403, 429) } },
      serve: ({ deps }) => async (req, res) => {
        const user = await login(emOf(req), req.body, req.ip ?? 'unknown', deps.config.loginLimits);
        await startSession(req, await issueGrant(emOf(req), user, null));
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
