import type { AppDeps } from '../app-deps.js';
import { WebhookDeliveryWorker } from './delivery-worker.js';

/** The instance's delivery worker, started with the app and stopped when it closes. */
export function startWebhookWorker({ orm, config, logger }: AppDeps): WebhookDeliveryWorker {
  const worker = new WebhookDeliveryWorker(
    orm,
    { allowPrivateTargets: config.webhookAllowPrivateTargets, retryBaseMs: config.webhookRetryBaseMs, pollMs: config.webhookPollMs },
    logger.child({ component: 'webhooks' }),
  );
  worker.start();
  return worker;
}
