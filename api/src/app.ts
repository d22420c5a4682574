import compression from 'compression';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import type { AppDeps } from './app-deps.js';
import { configureActivityLog } from './activity/activity.js';
import { createSessions } from './auth/session-store.js';
import { introspectionEnabled, mountGraphQL } from './graphql/mount.js';
import { publicCors } from './http/cors.js';
import { refuseCrossSiteWrites } from './http/cross-site.js';
import { securityHeaders } from './http/security-headers.js';
import { requestLogLevel } from './ops/request-log.js';
import { jsonErrorHandler } from './rest/error-handler.js';
import { mountRoutes } from './http/mount-routes.js';
import { HEALTH_PATH, PREVIEW_ROOT } from './shared/url-paths.js';
import { previewSignInPage } from './preview/preview.routes.js';
import { NotFound } from './shared/errors.js';
import { requestEntityManager } from './shared/request-context.js';
import { mountWeb } from './site/mount.js';
import { answerHitsBeforeExpress, startPublicReads } from './site/public-reads.js';
import { startScheduler } from './jobs/mount.js';
import { startWebhookWorker } from './webhooks/mount.js';
import { startEdgePurgeWorker } from './edge/mount.js';
import { privateUnlessSaid } from './http/private-by-default.js';
import { createMetrics, type AppMetrics } from './ops/metrics.js';
import { countRequests } from './http/request-metrics.js';
import { startMailWorker } from './mail/mount.js';

/**
 * The whole HTTP application, without listening. main.ts and the tests build it the same way.
 * `webDist`: the built web app to serve pages from (default web/dist; tests give a fake one).
 */
export async function createApp(deps: AppDeps, { webDist }: { webDist?: string } = {}): Promise<{ app: Express; metrics: AppMetrics; close(): Promise<void> }> {
  const { orm, config, logger } = deps;
  // The key of the activity log's address hashes (activity/activity.ts).
  configureActivityLog(config);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  const security = securityHeaders({ graphqlLandingPage: introspectionEnabled(config) });
  app.use(security);

  // Public cache hits are answered before Express sets a request up at all (answerHit, with the
  // same security headers); what that leaves (HTTPS, CORS) is answered here, after the headers
  // above and before logging, sessions, the EntityManager and routing (site/public-reads.ts).
  const publicReads = await startPublicReads(deps, security, app.get('trust proxy fn'));
  answerHitsBeforeExpress(app, publicReads);
  // Prometheus metrics (METRICS_PORT / METRICS_TOKEN): every request counted, outermost, so the
  // hits answered before Express too (http/request-metrics.ts).
  const metrics = await createMetrics(deps, publicReads);
  if (metrics.enabled) countRequests(app, metrics.requests);
  // CORS for the public read API (CORS_ORIGINS) before the cache, so hits carry it (http/cors.ts).
  app.use(publicCors(config.corsOrigins));
  app.use(publicReads.handler);
  // What the app answers itself is private unless its route says otherwise (http/private-by-default.ts).
  app.use(privateUnlessSaid);

  app.use(
    pinoHttp({
      logger,
      quietReqLogger: true,
      autoLogging: { ignore: (req) => req.url === HEALTH_PATH },
      customLogLevel: requestLogLevel,
    }),
  );
  // gzip/brotli for text responses (pages, scripts, JSON); images are already compressed.
  app.use(compression());
  app.use(refuseCrossSiteWrites(config));
  app.use(requestEntityManager(orm));

  const sessions = createSessions(config, orm.config.get('clientUrl')!, logger);
  app.use(sessions.middleware);

  const graphql = await mountGraphQL(app, deps);
  publicReads.useGraphQL(graphql.server);

  // Every route of the route table with a handler (http/route-table.ts), then the pages.
  mountRoutes(app, { deps, reads: publicReads, metrics });
  await mountWeb(app, deps, publicReads, webDist);

  // Whatever no router claimed (a non-GET to a page path, a path under /uploads that names no file).
  app.use((_req, _res, next) => next(new NotFound()));
  // A signed-out browser opening a staff preview gets a sign-in page (401), not JSON.
  app.use(PREVIEW_ROOT, previewSignInPage);
  app.use(jsonErrorHandler(logger));
  const webhookWorker = startWebhookWorker(deps);
  // Purges of the edge's cache (EDGE_PURGER) from the purge queue: one worker per instance (edge/purge-worker.ts).
  const edgePurges = startEdgePurgeWorker(deps, publicReads.feed);
  // Mail of new enquiries from the mail outbox (with SMTP set up): like webhooks, one worker per instance (mail/mail-worker.ts).
  const mailWorker = startMailWorker(deps);
  // Scheduled jobs (publish at, unpublish at, retention): every instance polls; each job runs once (jobs/scheduler.ts).
  const scheduler = startScheduler(deps);

  return {
    app,
    metrics,
    async close() {
      await scheduler.stop();
      await webhookWorker.stop();
      await edgePurges.stop();
      await mailWorker.stop();
      await graphql.stop();
      await sessions.close();
      await publicReads.close();
      metrics.close();
    },
  };
}
