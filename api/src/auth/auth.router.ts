import { Router, type RequestHandler } from 'express';
import { Unauthorized } from '../shared/errors.js';
import type { Config } from '../config.js';
import { emOf } from '../shared/request-context.js';
import { changeOwnPassword, currentUser, login } from './auth.service.js';
import { callerOf, endSession, startSession } from './session.js';
import { clearSessionCookie } from './session-store.js';

export { SESSION_COOKIE } from './session-store.js';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function authRouter(config: Config): Router {
  const router = Router();

  router.post('/login', async (req, res) => {
    const user = await login(emOf(req), req.body, req.ip ?? 'unknown', config.loginLimits);
    await startSession(req, user.id);
    res.json({ ok: true });
  });

  // The admin screens send a logged-out browser here.
  router.get('/login', (_req, res) => {
    res.redirect(302, '/admin/login');
  });

  router.post('/logout', async (req, res) => {
    await endSession(req);
    clearSessionCookie(req, res, config);
    res.json({ ok: true });
  });

  // Under /admin, so the sign-in guard mounted before this router (app.ts) answers anonymous
  // callers 401 first, as for the other accounts routes (accounts.router.ts).
  router.post('/admin/account/password', async (req, res) => {
    const input = { currentPassword: text(req.body?.currentPassword), newPassword: text(req.body?.newPassword) };
    await changeOwnPassword(emOf(req), callerOf(req), input, {
      keepSessionId: req.sessionID ?? null,
      ip: req.ip ?? 'unknown',
      limits: config.loginLimits,
    });
    res.json({ ok: true });
  });

  router.get('/auth/check', async (req, res) => {
    res.json({ authenticated: (await currentUser(emOf(req), callerOf(req))) !== null });
  });

  router.get('/auth/user', async (req, res) => {
    const user = await currentUser(emOf(req), callerOf(req));
    if (!user) throw new Unauthorized();
    res.json(user);
  });

  return router;
}

/**
 * Answers an anonymous caller 401 before anything else runs (no body is read). The services
 * check again, against the database; this guard keeps any new admin route closed by default.
 */
export const requireSignedIn: RequestHandler = (req, _res, next) => {
  if (!callerOf(req).userId) throw new Unauthorized();
  next();
};
