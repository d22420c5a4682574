import { METRICS_PATH, type Route } from '../http/route.js';
import { NotFound, Unauthorized } from '../shared/errors.js';

/**
 * GET /metrics on the main port: Prometheus's text format for `Authorization: Bearer
 * METRICS_TOKEN` (401 without it); 404 while no token is set (METRICS_PORT, if set, serves it on
 * a listener of its own, ops/metrics.ts). Not part of the REST API's document.
 */
export function metricsRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: METRICS_PATH,
      access: 'public',
      headers: 'locked',
      serve:
        ({ metrics }) =>
        async (req, res) => {
          if (!metrics.onMainPort) throw new NotFound();
          if (!metrics.authorised(req.get('authorization'))) {
            res.set('WWW-Authenticate', 'Bearer realm="metrics"');
            throw new Unauthorized();
          }
          const { contentType, body } = await metrics.scrape();
          res.set('Cache-Control', 'no-store').type(contentType).send(body);
        },
    },
  ];
}
