import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { OutboxRelay } from '@sca/messaging';
import { WebhookDispatcherConfig } from '../config/webhook-dispatcher.config';
import { WebhookDeliveryStore } from '@sca/persistence';

/**
 * Deliveries are at least once: a delivery left `sending` by a dispatcher that died between
 * its POST and the record gets a new message once its claim is old (same delivery id, so the
 * receiver can recognise the repeat).
 */
@Injectable()
export class ClaimSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ClaimSweeper.name);
  private timer?: NodeJS.Timeout;

  constructor(private readonly store: WebhookDeliveryStore, private readonly relay: OutboxRelay, private readonly config: WebhookDispatcherConfig) {}

  onApplicationBootstrap(): void {
    const every = Math.max(1000, Math.min(30_000, (this.config.WEBHOOK_CLAIM_SECONDS * 1000) / 4));
    this.timer = setInterval(() => void this.sweep(), every);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async sweep(): Promise<void> {
    try {
      const n = await this.store.announceAbandonedClaims();
      if (n > 0) {
        this.logger.warn(`${n} webhook delivery(ies) abandoned mid-attempt announced again`);
        this.relay.kick();
      }
    } catch (e) {
      this.logger.warn(`claim sweep failed: ${(e as Error).message}`);
    }
  }
}
