import { randomUUID } from 'node:crypto';
import type { Queryable } from '../queryable';
import { isoTs, UUID_RE } from '../queries/sql-fragments';
import { affectedRows } from '../rows-of';

/** A subscription to add, its secret decided by the caller (given, or generated). */
export interface NewSubscription {
  target_url: string;
  trigger_on_each_run: boolean;
  include_summary: boolean;
  include_results: boolean;
  is_active: boolean;
  secret: string;
}

/** A subscription as the webhooks API lists it: never its secret. */
export interface SubscriptionRow {
  uuid: string;
  target_url: string;
  trigger_on_each_run: boolean;
  include_summary: boolean;
  include_results: boolean;
  is_active: boolean;
  created_date: string;
}

/** A subscription as the trigger rules see it. */
export interface TriggerSubscriptionRow {
  uuid: string;
  trigger_on_each_run: boolean;
  is_active: boolean;
}

/**
 * Adds a subscription in the caller's transaction and returns its uuid. The secret is stored as
 * given: the dispatcher needs it to compute the HMAC. One statement each: `created_date`
 * (clock_timestamp()) orders the listing.
 */
export async function insertSubscription(tx: Queryable, projectUuid: string, s: NewSubscription): Promise<string> {
  const uuid = randomUUID();
  await tx.query(
    `INSERT INTO webhook_subscriptions (uuid, project_uuid, target_url, trigger_on_each_run, include_summary, include_results, is_active, secret)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [uuid, projectUuid, s.target_url, s.trigger_on_each_run, s.include_summary, s.include_results, s.is_active, s.secret],
  );
  return uuid;
}

/** A project's subscriptions, newest first. */
export function listSubscriptions(db: Queryable, projectUuid: string): Promise<SubscriptionRow[]> {
  return db.query(
    `SELECT s.uuid, s.target_url, s.trigger_on_each_run, s.include_summary, s.include_results, s.is_active,
       ${isoTs('s.created_date')} AS created_date
     FROM webhook_subscriptions s WHERE s.project_uuid = $1
     ORDER BY s.created_date DESC, s.uuid`,
    [projectUuid],
  );
}

/** The subscriptions a run end may fire, newest first. */
export function triggerSubscriptions(db: Queryable, projectUuid: string): Promise<TriggerSubscriptionRow[]> {
  return db.query('SELECT uuid, trigger_on_each_run, is_active FROM webhook_subscriptions WHERE project_uuid = $1 ORDER BY created_date DESC', [projectUuid]);
}

/** Deletes the project's subscription (its deliveries stay, detached: SET NULL); false when there is none. */
export async function deleteSubscription(db: Queryable, projectUuid: string, subscriptionUuid: string): Promise<boolean> {
  if (!UUID_RE.test(subscriptionUuid)) return false;
  return affectedRows(await db.query('DELETE FROM webhook_subscriptions WHERE uuid = $1 AND project_uuid = $2', [subscriptionUuid, projectUuid])) > 0;
}
