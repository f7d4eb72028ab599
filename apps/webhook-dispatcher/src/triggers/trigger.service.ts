import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EVENTS, RunCompletedEvent } from '@sca/contracts';
import { OutboxRelay } from '@sca/messaging';
import { countUnendedRunsBesides, triggerSubscriptions, WebhookDeliveryStore } from '@sca/persistence';
import { subscriptionsToFire } from './trigger-rules';

/** Turns a run's end into one delivery per subscription that fires, each announced on `webhook.deliver` through the outbox. */
@Injectable()
export class TriggerService {
  private readonly logger = new Logger(TriggerService.name);

  constructor(private readonly db: DataSource, private readonly store: WebhookDeliveryStore, private readonly relay: OutboxRelay) {}

  async onRunCompleted(event: RunCompletedEvent): Promise<number> {
    const subscriptions = await triggerSubscriptions(this.db, event.project_uuid);
    if (subscriptions.length === 0) return 0;
    // Runs of the project that have not ended yet: not started, queued (project-store may already
    // have chained the next one) or running. None left means this was the last.
    const left = await countUnendedRunsBesides(this.db, event.project_uuid, event.run_uuid);
    const firing = subscriptionsToFire(event.status, left, subscriptions);
    const pending = await this.store.createPending(event.project_uuid, event.run_uuid, EVENTS.runCompleted, firing.map((s) => s.uuid));
    if (pending.length > 0) this.relay.kick();
    if (pending.length > 0) this.logger.log(`run ${event.run_uuid} (${event.status}): ${pending.length} webhook delivery(ies) queued`);
    return pending.length;
  }
}
