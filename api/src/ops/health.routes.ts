import { HEALTH_PATH, READY_PATH, type Route } from '../http/route.js';
import { databaseHealth } from './database-health.js';

/** /healthz: the process answers. /readyz: and the database too (load balancers route on this). */
export function healthRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: HEALTH_PATH,
      access: 'public',
      headers: 'locked',
      serve: () => (_req, res) => res.json({ status: 'ok' }),
    },
    {
      method: 'GET',
      path: READY_PATH,
      access: 'public',
      headers: 'locked',
      serve:
        ({ deps: { orm, logger } }) =>
        async (_req, res) => {
          const check = await orm.checkConnection();
          if (check.ok) databaseHealth.markAvailable(logger);
          else databaseHealth.reportUnavailable(check.error ?? new Error(check.reason), logger);
          res.status(check.ok ? 200 : 503).json({ status: check.ok ? 'ready' : 'database unavailable' });
        },
    },
  ];
}
