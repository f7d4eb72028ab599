import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ERROR_CODES, WebhookDeliverMessage, WebhookDeliveryRef, WebhookRef, WebhookSubscriptionView } from '@sca/contracts';
import { DomainError, OutboxRelay } from '@sca/messaging';
import { affectedRows, rowsOf, UUID_RE, webhookDeliverEntry, writeOutbox } from '@sca/persistence';
import { ProjectsService } from '../projects/projects.service';
import { WebhookQueries } from './webhook-queries';
import { serializeSubscriptions } from './webhook-serializer';

const NOT_FOUND = 'Not found.';

export const REDELIVERY_QUEUED = 'Redelivery queued.';
export const onlyFailedRedelivered = (status: string) => `Only a failed delivery can be redelivered (this one is ${status}).`;

/** The webhooks API: a project's subscriptions with their delivery log, deleting one, redelivering a failed delivery. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly db: DataSource,
    private readonly projects: ProjectsService,
    private readonly queries: WebhookQueries,
    private readonly relay: OutboxRelay,
  ) {}

  async list(projectUuid: string): Promise<WebhookSubscriptionView[]> {
    await this.projects.require(projectUuid);
    const [subscriptions, deliveries, attempts] = await Promise.all([
      this.queries.subscriptions(projectUuid),
      this.queries.deliveries(projectUuid),
      this.queries.attempts(projectUuid),
    ]);
    return serializeSubscriptions(subscriptions, deliveries, attempts);
  }

  /** Deletes the subscription; its deliveries stay, detached (the foreign key is SET NULL). */
  async remove(ref: WebhookRef): Promise<void> {
    await this.projects.require(ref.project_uuid);
    if (!UUID_RE.test(ref.subscription_uuid)) throw new DomainError(ERROR_CODES.notFound, NOT_FOUND);
    const result = await this.db.query('DELETE FROM webhook_subscriptions WHERE uuid = $1 AND project_uuid = $2', [ref.subscription_uuid, ref.project_uuid]);
    if (affectedRows(result) === 0) throw new DomainError(ERROR_CODES.notFound, NOT_FOUND);
  }

  /**
   * Puts a failed delivery back to pending and queues it. Attempts and the attempt log stay, so
   * the dispatcher numbers the next attempt after the last one. The guard on `status = 'failed'`
   * makes two concurrent requests queue it once.
   */
  async redeliver(ref: WebhookDeliveryRef): Promise<string> {
    await this.projects.require(ref.project_uuid);
    if (!UUID_RE.test(ref.subscription_uuid) || !UUID_RE.test(ref.delivery_uuid)) throw new DomainError(ERROR_CODES.notFound, NOT_FOUND);
    const params = [ref.delivery_uuid, ref.project_uuid, ref.subscription_uuid];
    const msg: WebhookDeliverMessage = { delivery_uuid: ref.delivery_uuid };
    const reset = await this.db.transaction(async (tx) => {
      const rows = rowsOf(await tx.query(
        `UPDATE webhook_deliveries SET status = 'pending', claimed_at = NULL
         WHERE uuid = $1 AND project_uuid = $2 AND webhook_subscription_uuid = $3 AND status = 'failed' RETURNING uuid`,
        params,
      ));
      if (rows.length > 0) await writeOutbox(tx, [webhookDeliverEntry(msg)]);
      return rows.length > 0;
    });
    if (!reset) {
      const rows: { status: string }[] = await this.db.query(
        'SELECT status FROM webhook_deliveries WHERE uuid = $1 AND project_uuid = $2 AND webhook_subscription_uuid = $3',
        params,
      );
      if (!rows[0]) throw new DomainError(ERROR_CODES.notFound, NOT_FOUND);
      throw new DomainError(ERROR_CODES.refused, onlyFailedRedelivered(rows[0].status));
    }
    this.relay.kick();
    return REDELIVERY_QUEUED;
  }
}
