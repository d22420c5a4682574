import type { MikroORM } from '@mikro-orm/postgresql';
import { Router } from 'express';

/** /healthz: the process answers. /readyz: and the database too (load balancers route on this). */
export function healthRouter(orm: MikroORM): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const { ok } = await orm.checkConnection();
    res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'database unavailable' });
  });
  return router;
}
