import { Router } from 'express';
import { emOf } from '../shared/request-context.js';
import { createUser, deleteUser, listAdmins, resetPassword } from './auth.service.js';
import { callerOf } from './session.js';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Accounts over REST (mounted under /api/admin, so anonymous callers get 401 first): the same
 * auth service as the CLI and GraphQL. Generated passwords are in the answer once, never stored.
 * Changing one's own password (POST /api/admin/account/password) is in auth.router.ts, with the
 * sign-in limits it is throttled by.
 */
export function accountsRouter(): Router {
  const router = Router();

  router.get('/admins', async (req, res) => {
    res.json(await listAdmins(emOf(req), callerOf(req)));
  });

  router.post('/admins', async (req, res) => {
    const { user, password } = await createUser(emOf(req), callerOf(req), { username: text(req.body?.username) });
    res.status(201).json({ user, password });
  });

  router.post('/admins/:username/reset-password', async (req, res) => {
    const { user, password } = await resetPassword(emOf(req), callerOf(req), String(req.params.username));
    res.json({ user, password });
  });

  router.delete('/admins/:username', async (req, res) => {
    await deleteUser(emOf(req), callerOf(req), String(req.params.username));
    res.status(204).end();
  });

  return router;
}
