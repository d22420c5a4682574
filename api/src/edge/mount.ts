import type { RequestHandler } from 'express';
import type { AppDeps } from '../app-deps.js';
import type { ContentRevisionFeed } from '../site/content-revision-feed.js';
import { PRIVATE_NO_STORE } from './edge-headers.js';
import { EdgePurgeWorker } from './purge-worker.js';

/**
 * The instance's purge worker, started with the app and stopped when it closes; woken as soon as
 * the content revision moves (a change was committed, with its purge).
 */
export function startEdgePurgeWorker({ orm, config, logger }: AppDeps, feed: ContentRevisionFeed): { worker: EdgePurgeWorker; stop(): Promise<void> } {
  const worker = new EdgePurgeWorker(orm, config.edge, logger.child({ component: 'edge-purge' }));
  const unsubscribe = feed.onChange(() => worker.wakeUp());
  worker.start();
  return {
    worker,
    async stop() {
      unsubscribe();
      await worker.stop();
    },
  };
}

/**
 * `Cache-Control: private, no-store` on every response the app itself answers, unless its route
 * says otherwise: the admin, the API's writes, sessions, errors. A public page or read, a file,
 * an upload sets its own (the public read path, site/mount.ts, the routes). Nothing private is
 * then ever kept by a CDN or shared cache in front, whatever its defaults.
 */
export const privateUnlessSaid: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', PRIVATE_NO_STORE);
  next();
};
