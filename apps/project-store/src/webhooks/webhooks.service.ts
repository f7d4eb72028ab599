import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ERROR_CODES, WebhookDeliverMessage, WebhookDeliveryRef, WebhookRef, WebhookSubscriptionView, WORK } from '@sca/contracts';
import { DomainError, MessageBus } from '@sca/messaging';
import { affectedRows, rowsOf, UUID_RE } from '@sca/persistence';
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
    private readonly bus: MessageBus,
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
    const reset = rowsOf(await this.db.query(
      `UPDATE webhook_deliveries SET status = 'pending', claimed_at = NULL
       WHERE uuid = $1 AND project_uuid = $2 AND webhook_subscription_uuid = $3 AND status = 'failed' RETURNING uuid`,
      params,
    ));
    if (reset.length === 0) {
      const rows: { status: string }[] = await this.db.query(
        'SELECT status FROM webhook_deliveries WHERE uuid = $1 AND project_uuid = $2 AND webhook_subscription_uuid = $3',
        params,
      );
      if (!rows[0]) throw new DomainError(ERROR_CODES.notFound, NOT_FOUND);
      throw new DomainError(ERROR_CODES.refused, onlyFailedRedelivered(rows[0].status));
    }
    try {
      const msg: WebhookDeliverMessage = { delivery_uuid: ref.delivery_uuid };
      await this.bus.sendWork(WORK.webhookDeliver, msg);
    } catch (error) {
      // Not queued: back to failed, so that it can be redelivered again.
      await this.db.query(`UPDATE webhook_deliveries SET status = 'failed' WHERE uuid = $1 AND status = 'pending' AND claimed_at IS NULL`, [ref.delivery_uuid]);
      throw error;
    }
    return REDELIVERY_QUEUED;
  }
}
