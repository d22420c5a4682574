import type { AppDeps } from '../app-deps.js';
import { EdgePurgeWorker } from './purge-worker.js';

/** What tells the worker a change was committed: the content revision feed (site/content-revision-feed.ts). */
interface ChangeFeed {
  onChange(listener: () => void): () => void;
}

/**
 * The instance's purge worker, started with the app and stopped when it closes; woken as soon as
 * the content revision moves (a change was committed, with its purge).
 */
export function startEdgePurgeWorker({ orm, config, logger }: AppDeps, changes: ChangeFeed): { worker: EdgePurgeWorker; stop(): Promise<void> } {
  const worker = new EdgePurgeWorker(orm, config.edge, logger.child({ component: 'edge-purge' }));
  const unsubscribe = changes.onChange(() => worker.wakeUp());
  worker.start();
  return {
    worker,
    async stop() {
      unsubscribe();
      await worker.stop();
    },
  };
}
