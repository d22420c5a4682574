import type { MikroORM } from '@mikro-orm/postgresql';
import { Router } from 'express';
import type { Logger } from 'pino';
import { databaseHealth } from './database-health.js';

/** /healthz: the process answers. /readyz: and the database too (load balancers route on this). */
export function healthRouter(orm: MikroORM, logger: Logger): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const check = await orm.checkConnection();
    const ok = check.ok;
    if (check.ok) databaseHealth.markAvailable(logger);
    else databaseHealth.reportUnavailable(check.error ?? new Error(check.reason), logger);
    res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'database unavailable' });
  });
  return router;
}
