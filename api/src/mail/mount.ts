import type { AppDeps } from '../app-deps.js';
import { configureEnquiryNotifications } from './enquiry-notifications.js';
import { MailWorker } from './mail-worker.js';

/**
 * Sets up the enquiry notifications from the configuration and starts the instance's mail
 * worker (with SMTP set up); the app stops it when it closes.
 */
export function startMailWorker({ orm, config, logger }: AppDeps): { stop(): Promise<void> } {
  configureEnquiryNotifications(config);
  if (config.smtp === null) return { stop: async () => {} };
  const worker = new MailWorker(orm, { smtp: config.smtp, retryBaseMs: config.mailRetryBaseMs, pollMs: config.mailPollMs }, logger.child({ component: 'mail' }));
  worker.start();
  return worker;
}
