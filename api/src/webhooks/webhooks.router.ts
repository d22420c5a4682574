import { Router, type Request } from 'express';
import { callerOf } from '../auth/session.js';
import type { Config } from '../config.js';
import { NotFound } from '../shared/errors.js';
import { emOf } from '../shared/request-context.js';
import * as webhooks from './webhooks.service.js';

// REST twin of webhooks.resolver.ts under /api/admin/webhooks (the /admin prefix requires a session).

export function webhooksRouter(config: Config): Router {
  const router = Router();
  const settings = { allowPrivateTargets: config.webhookAllowPrivateTargets };
  router.get('/admin/webhooks', async (req, res) => {
    res.json(await webhooks.listEndpoints(emOf(req), callerOf(req)));
  });
  router.post('/admin/webhooks', async (req, res) => {
    res.status(201).json(await webhooks.createEndpoint(emOf(req), req.body, callerOf(req), settings));
  });
  router.put('/admin/webhooks/:id', async (req, res) => {
    res.json(await webhooks.updateEndpoint(emOf(req), idOf(req), req.body, callerOf(req), settings));
  });
  router.delete('/admin/webhooks/:id', async (req, res) => {
    await webhooks.deleteEndpoint(emOf(req), idOf(req), callerOf(req));
    res.status(204).end();
  });
  router.get('/admin/webhooks/:id/deliveries', async (req, res) => {
    const limit = Number(req.query.limit ?? 50);
    res.json(await webhooks.listDeliveries(emOf(req), idOf(req), callerOf(req), Number.isFinite(limit) ? limit : 50));
  });
  router.post('/admin/webhooks/:id/test', async (req, res) => {
    res.status(202).json(await webhooks.sendTestEvent(emOf(req), idOf(req), callerOf(req)));
  });
  return router;
}

function idOf(req: Request): number {
  const raw = String(req.params.id);
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new NotFound();
  return id;
}
