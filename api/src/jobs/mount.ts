import type { AppDeps } from '../app-deps.js';
import { Scheduler } from './scheduler.js';

/** The instance's scheduler, started with the app (overdue jobs run at once) and stopped when it closes. */
export function startScheduler({ orm, config, logger }: AppDeps): Scheduler {
  const scheduler = new Scheduler(orm, { pollMs: config.schedulerPollMs, config }, logger.child({ component: 'scheduler' }));
  scheduler.start();
  return scheduler;
}
