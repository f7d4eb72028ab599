import { EVENTS, WORK } from '@sca/contracts';
import { connectDatabase } from '@sca/persistence';
import { bootstrapService } from '@sca/service';
import { storageFromSettings } from '@sca/storage';
import { WebhookDispatcherConfig } from './config/webhook-dispatcher.config';
import { WebhookDispatcherModule } from './webhook-dispatcher.module';

/**
 * The webhook-dispatcher: turns `run.completed` events into deliveries and sends each one on the
 * `webhook.deliver` work queue, signed, retried with backoff, every attempt logged.
 */
bootstrapService({
  name: 'webhook-dispatcher',
  config: WebhookDispatcherConfig,
  async setup(config, _logger, closeLater) {
    const db = await connectDatabase(config, 'webhook-dispatcher');
    closeLater(() => db.destroy());
    return WebhookDispatcherModule.create(config, db, storageFromSettings(config));
  },
  transport: (config) => ({
    // The delays here only bound the attempt count: each retry's wait comes from RetryLaterError.
    work: [{ name: WORK.webhookDeliver, prefetch: config.WEBHOOK_CONCURRENCY, retryDelaysMs: Array.from({ length: config.WEBHOOK_MAX_ATTEMPTS - 1 }, () => config.WEBHOOK_RETRY_BASE_MS) }],
    events: { queue: 'webhook-dispatcher', bindings: [EVENTS.runCompleted] },
  }),
  listen: (config) => ({ port: config.WEBHOOK_DISPATCHER_PORT, host: config.WEBHOOK_DISPATCHER_HOST }),
});
