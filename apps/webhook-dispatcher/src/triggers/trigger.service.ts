import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EVENTS, RunCompletedEvent } from '@sca/contracts';
import { OutboxRelay } from '@sca/messaging';
import { DeliveryStore } from '../deliveries/delivery-store';
import { subscriptionsToFire, TriggerSubscription } from './trigger-rules';

/** Turns a run's end into one delivery per subscription that fires, each announced on `webhook.deliver` through the outbox. */
@Injectable()
export class TriggerService {
  private readonly logger = new Logger(TriggerService.name);

  constructor(private readonly db: DataSource, private readonly store: DeliveryStore, private readonly relay: OutboxRelay) {}

  async onRunCompleted(event: RunCompletedEvent): Promise<number> {
    const subscriptions: TriggerSubscription[] = await this.db.query(
      'SELECT uuid, trigger_on_each_run, is_active FROM webhook_subscriptions WHERE project_uuid = $1 ORDER BY created_date DESC',
      [event.project_uuid],
    );
    if (subscriptions.length === 0) return 0;
    // Runs of the project that have not ended yet: not started, queued (project-store may already
    // have chained the next one) or running. None left means this was the last.
    const [{ left }]: { left: number }[] = await this.db.query(
      'SELECT count(*)::int AS left FROM runs WHERE project_uuid = $1 AND uuid <> $2 AND task_end_date IS NULL',
      [event.project_uuid, event.run_uuid],
    );
    const firing = subscriptionsToFire(event.status, left, subscriptions);
    const pending = await this.store.createPending(event.project_uuid, event.run_uuid, EVENTS.runCompleted, firing.map((s) => s.uuid));
    if (pending.length > 0) this.relay.kick();
    if (pending.length > 0) this.logger.log(`run ${event.run_uuid} (${event.status}): ${pending.length} webhook delivery(ies) queued`);
    return pending.length;
  }
}
