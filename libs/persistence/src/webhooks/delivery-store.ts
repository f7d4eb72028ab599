import { DataSource } from 'typeorm';
import { rowsOf } from '../rows-of';
import { writeOutbox } from '../outbox/outbox-store';
import { webhookDeliverEntry } from '../outbox/webhook-entries';

/** A claimed delivery with what its attempt needs from the subscription. */
export interface ClaimedDelivery {
  uuid: string;
  project_uuid: string;
  run_uuid: string | null;
  event: string;
  target_url: string;
  attempts: number;
  subscription_uuid: string | null;
  secret: string | null;
  include_summary: boolean;
  include_results: boolean;
  is_active: boolean | null;
}

export interface AttemptRecord {
  attempt: number;
  statusCode: number | null;
  responseText: string;
  error: string;
  durationMs: number;
}

/** Where an attempt leaves its delivery. */
export type AttemptOutcome = 'succeeded' | 'retrying' | 'failed';

/**
 * The deliveries table as a state machine, each transition guarded in SQL so that concurrent or
 * redelivered messages cannot send a delivery twice: only `pending` or `retrying` rows (or a
 * `sending` claim older than `claimSeconds`) can be claimed, and a `succeeded` row never changes again.
 */
export class WebhookDeliveryStore {
  constructor(private readonly db: DataSource, private readonly claimSeconds: number) {}

  /**
   * Creates the (subscription, run, event) deliveries that do not exist yet and writes a
   * webhook.deliver message for each one still pending, in one transaction; returns those.
   */
  async createPending(projectUuid: string, runUuid: string, event: string, subscriptionUuids: string[]): Promise<string[]> {
    if (subscriptionUuids.length === 0) return [];
    return this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO webhook_deliveries (uuid, project_uuid, webhook_subscription_uuid, run_uuid, target_url, event, status)
         SELECT gen_random_uuid(), s.project_uuid, s.uuid, $2, s.target_url, $3, 'pending'
         FROM webhook_subscriptions s WHERE s.project_uuid = $1 AND s.uuid = ANY($4::uuid[])
         ON CONFLICT (webhook_subscription_uuid, run_uuid, event) DO NOTHING`,
        [projectUuid, runUuid, event, subscriptionUuids],
      );
      // Pending ones are (re)announced: if an earlier try inserted them but died before publishing,
      // this is where they get their message; the claim makes a duplicate harmless.
      const rows: { uuid: string }[] = await tx.query(
        `SELECT uuid FROM webhook_deliveries WHERE run_uuid = $1 AND event = $2 AND webhook_subscription_uuid = ANY($3::uuid[]) AND status = 'pending'`,
        [runUuid, event, subscriptionUuids],
      );
      await writeOutbox(tx, rows.map((r) => webhookDeliverEntry({ delivery_uuid: r.uuid })));
      return rows.map((r) => r.uuid);
    });
  }

  /**
   * Deliveries left `sending` past the claim (their dispatcher died mid-attempt, and their
   * message was acknowledged or lost): each gets a new webhook.deliver message; the claim
   * lets the first consumer take it. Returns how many.
   */
  async announceAbandonedClaims(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows: { uuid: string }[] = await tx.query(
        `SELECT uuid FROM webhook_deliveries
         WHERE status = 'sending' AND claimed_at < clock_timestamp() - make_interval(secs => $1)
           AND (announced_at IS NULL OR announced_at < clock_timestamp() - make_interval(secs => $1))
         FOR UPDATE SKIP LOCKED`,
        [this.claimSeconds],
      );
      if (rows.length === 0) return 0;
      // Once per claim period, however long the dispatchers are away.
      await tx.query('UPDATE webhook_deliveries SET announced_at = clock_timestamp() WHERE uuid = ANY($1::uuid[])', [rows.map((r) => r.uuid)]);
      await writeOutbox(tx, rows.map((r) => webhookDeliverEntry({ delivery_uuid: r.uuid })));
      return rows.length;
    });
  }

  /** Seconds until a fresh `sending` claim of this delivery can be taken over; null when it is not claimed. */
  async claimAgeLeft(uuid: string): Promise<number | null> {
    const rows: { left: number }[] = await this.db.query(
      `SELECT extract(epoch FROM claimed_at + make_interval(secs => $2) - clock_timestamp())::float AS left
       FROM webhook_deliveries WHERE uuid = $1 AND status = 'sending'`,
      [uuid, this.claimSeconds],
    );
    return rows[0] ? Math.max(0, rows[0].left) : null;
  }

  async claim(uuid: string): Promise<ClaimedDelivery | null> {
    const result: unknown = await this.db.query(
      `UPDATE webhook_deliveries d SET status = 'sending', claimed_at = clock_timestamp()
       FROM webhook_deliveries cur LEFT JOIN webhook_subscriptions s ON s.uuid = cur.webhook_subscription_uuid
       WHERE d.uuid = $1 AND cur.uuid = d.uuid
         AND (d.status IN ('pending', 'retrying') OR (d.status = 'sending' AND d.claimed_at < clock_timestamp() - make_interval(secs => $2)))
       RETURNING d.uuid, d.project_uuid, d.run_uuid, d.event, d.target_url, d.attempts, s.uuid AS subscription_uuid, s.secret,
                 COALESCE(s.include_summary, false) AS include_summary, COALESCE(s.include_results, false) AS include_results, s.is_active`,
      [uuid, this.claimSeconds],
    );
    return rowsOf<ClaimedDelivery>(result)[0] ?? null;
  }

  /** Records one attempt and moves the delivery to `outcome`; `payload` is what the log keeps of the body sent. */
  async finishAttempt(uuid: string, record: AttemptRecord, outcome: AttemptOutcome, payload?: Record<string, unknown>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO webhook_delivery_attempts (delivery_uuid, attempt, duration_ms, response_status_code, response_text, error)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [uuid, record.attempt, record.durationMs, record.statusCode, record.responseText, record.error],
      );
      await tx.query(
        `UPDATE webhook_deliveries SET status = $2::varchar, attempts = $3, response_status_code = $4, response_text = $5, delivery_error = $6,
                sent_date = clock_timestamp(), claimed_at = NULL,
                delivered_date = CASE WHEN $2::varchar = 'succeeded' THEN clock_timestamp() ELSE delivered_date END,
                payload = COALESCE($7::jsonb, payload)
         WHERE uuid = $1 AND status = 'sending'`,
        [uuid, outcome, record.attempt, record.statusCode, record.responseText, record.error, payload ? JSON.stringify(payload) : null],
      );
    });
  }

  /** Ends a delivery that cannot be attempted (its subscription was deleted or deactivated). */
  async abandon(uuid: string, reason: string): Promise<void> {
    await this.db.query(`UPDATE webhook_deliveries SET status = 'failed', delivery_error = $2, claimed_at = NULL WHERE uuid = $1 AND status = 'sending'`, [uuid, reason]);
  }
}
