import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ERROR_CODES, WebhookDeliveryRef, WebhookRef, WebhookSubscriptionView } from '@sca/contracts';
import { DomainError, OutboxRelay } from '@sca/messaging';
import { deleteSubscription, listDeliveries, listDeliveryAttempts, listSubscriptions, requeueFailedDelivery } from '@sca/persistence';
import { ProjectViews } from '../projects/project-views.service';
import { serializeSubscriptions } from './webhook-serializer';

const NOT_FOUND = 'Not found.';

export const REDELIVERY_QUEUED = 'Redelivery queued.';
export const onlyFailedRedelivered = (status: string) => `Only a failed delivery can be redelivered (this one is ${status}).`;

/** The webhooks API: a project's subscriptions with their delivery log, deleting one, redelivering a failed delivery. */
@Injectable()
export class WebhooksService {
  constructor(private readonly db: DataSource, private readonly projects: ProjectViews, private readonly relay: OutboxRelay) {}

  async list(projectUuid: string): Promise<WebhookSubscriptionView[]> {
    await this.projects.require(projectUuid);
    const [subscriptions, deliveries, attempts] = await Promise.all([
      listSubscriptions(this.db, projectUuid),
      listDeliveries(this.db, projectUuid),
      listDeliveryAttempts(this.db, projectUuid),
    ]);
    return serializeSubscriptions(subscriptions, deliveries, attempts);
  }

  /** Deletes the subscription; its deliveries stay, detached (the foreign key is SET NULL). */
  async remove(ref: WebhookRef): Promise<void> {
    await this.projects.require(ref.project_uuid);
    if (!(await deleteSubscription(this.db, ref.project_uuid, ref.subscription_uuid))) throw new DomainError(ERROR_CODES.notFound, NOT_FOUND);
  }

  /** Puts a failed delivery back to pending and queues it (see requeueFailedDelivery); any other state is refused, naming it. */
  async redeliver(ref: WebhookDeliveryRef): Promise<string> {
    await this.projects.require(ref.project_uuid);
    const result = await requeueFailedDelivery(this.db, ref);
    if (!result.queued) {
      if (result.status === null) throw new DomainError(ERROR_CODES.notFound, NOT_FOUND);
      throw new DomainError(ERROR_CODES.refused, onlyFailedRedelivered(result.status));
    }
    this.relay.kick();
    return REDELIVERY_QUEUED;
  }
}
