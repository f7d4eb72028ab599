import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import { serviceVersion } from '@sca/config';
import { PermanentError, RequeueError, RetryLaterError } from '@sca/messaging';
import { parseAllowedHosts } from '@sca/fetch';
import { ClaimedDelivery, WebhookDeliveryStore } from '@sca/persistence';
import { WebhookDispatcherConfig } from '../config/webhook-dispatcher.config';
import { PayloadBuilder, PayloadParts } from '../payload/payload-builder';
import { isSlackTarget, slackPayload } from '../payload/slack-payload';
import { classifyResponse, retryDelay } from './retry-policy';
import { BodySigner, SIGNATURE_HEADER } from './signature';
import { sendWebhook, SendResult } from './webhook-sender';

interface PreparedBody {
  body: () => Readable;
  length: number;
  signature: string;
  /** What the delivery log keeps (the results document is streamed, not stored). */
  logged: Record<string, unknown>;
  cleanup: () => Promise<void>;
}

/** One attempt of one delivery, and what it means for the next: done, retry later, or dead-letter. */
@Injectable()
export class DeliveryService {
  private readonly logger = new Logger(DeliveryService.name);
  private readonly allowedHosts: string[];
  private readonly userAgent = `scanworks-webhooks/${serviceVersion()}`;

  constructor(private readonly store: WebhookDeliveryStore, private readonly payloads: PayloadBuilder, private readonly config: WebhookDispatcherConfig) {
    this.allowedHosts = parseAllowedHosts(config.FETCH_ALLOWED_HOSTS);
  }

  /** `messageAttempt` counts this message's tries (1-based); the queue dead-letters after the last. */
  async deliver(deliveryUuid: string, messageAttempt: number): Promise<void> {
    const delivery = await this.store.claim(deliveryUuid);
    if (!delivery) {
      // Being sent under another claim: if that dispatcher dies, this message takes over once the
      // claim is old enough (at least once). Already delivered or finally failed: nothing to do.
      const left = await this.store.claimAgeLeft(deliveryUuid);
      if (left !== null) throw new RequeueError(`delivery ${deliveryUuid} is claimed by another attempt`, (left + 1) * 1000);
      return;
    }
    if (!delivery.subscription_uuid || !delivery.is_active) {
      await this.store.abandon(delivery.uuid, delivery.subscription_uuid ? 'The subscription is inactive.' : 'The subscription was deleted.');
      return;
    }
    const attempt = delivery.attempts + 1;
    let prepared: PreparedBody;
    try {
      prepared = await this.prepare(delivery);
    } catch (error) {
      // The payload could not be built (project-store or reporting unavailable): no request was sent.
      const last = messageAttempt >= this.config.WEBHOOK_MAX_ATTEMPTS;
      const record = { attempt, statusCode: null, responseText: '', error: `payload: ${(error as Error).message}`, durationMs: 0 };
      await this.store.finishAttempt(delivery.uuid, record, last ? 'failed' : 'retrying');
      return this.retryOrFail(delivery, attempt, messageAttempt, null, `payload could not be built: ${(error as Error).message}`);
    }
    let result: SendResult;
    try {
      result = await sendWebhook(
        { url: delivery.target_url, body: prepared.body(), contentLength: prepared.length, headers: this.headers(delivery, prepared.signature) },
        { timeoutMs: this.config.WEBHOOK_TIMEOUT_MS, responseTextLimit: this.config.WEBHOOK_RESPONSE_TEXT_LIMIT, allowedHosts: this.allowedHosts },
      );
    } finally {
      await prepared.cleanup();
    }
    const record = { attempt, statusCode: result.statusCode, responseText: result.responseText, error: result.error, durationMs: result.durationMs };
    const outcome = result.refused ? { kind: 'give-up' as const } : result.statusCode === null ? { kind: 'retry' as const, delayMs: null } : classifyResponse(result.statusCode, result.retryAfter);
    if (outcome.kind === 'success') {
      await this.store.finishAttempt(delivery.uuid, record, 'succeeded', prepared.logged);
      return;
    }
    if (outcome.kind === 'give-up') {
      await this.store.finishAttempt(delivery.uuid, record, 'failed', prepared.logged);
      throw new PermanentError(`webhook ${delivery.uuid} to ${delivery.target_url} refused: ${result.error || `HTTP ${result.statusCode}`}`);
    }
    const last = messageAttempt >= this.config.WEBHOOK_MAX_ATTEMPTS;
    await this.store.finishAttempt(delivery.uuid, record, last ? 'failed' : 'retrying', prepared.logged);
    return this.retryOrFail(delivery, attempt, messageAttempt, outcome.delayMs, result.error || `HTTP ${result.statusCode}`);
  }

  private retryOrFail(delivery: ClaimedDelivery, attempt: number, messageAttempt: number, retryAfterMs: number | null, why: string): never {
    if (messageAttempt >= this.config.WEBHOOK_MAX_ATTEMPTS) {
      throw new PermanentError(`webhook ${delivery.uuid} failed after ${messageAttempt} attempts: ${why}`);
    }
    const delay = retryDelay(messageAttempt, { baseMs: this.config.WEBHOOK_RETRY_BASE_MS, maxMs: this.config.WEBHOOK_RETRY_MAX_MS }, retryAfterMs);
    this.logger.warn(`webhook ${delivery.uuid} attempt ${attempt} failed (${why}); retrying in ${delay} ms`);
    throw new RetryLaterError(why, delay);
  }

  private headers(delivery: ClaimedDelivery, signature: string): Record<string, string> {
    return {
      'content-type': 'application/json',
      'user-agent': this.userAgent,
      'x-scanworks-event': delivery.event,
      'x-scanworks-delivery': delivery.uuid,
      [SIGNATURE_HEADER.toLowerCase()]: signature,
    };
  }

  /** The signed body: Slack's message, the plain payload, or the payload with the results streamed through a temp file. */
  private async prepare(delivery: ClaimedDelivery): Promise<PreparedBody> {
    const secret = delivery.secret ?? '';
    const parts: PayloadParts = await this.payloads.parts(delivery.project_uuid, delivery.run_uuid ?? '', delivery.include_summary);
    if (isSlackTarget(delivery.target_url)) return this.inMemory(slackPayload(parts.project as never, parts.run as never, this.config.SITE_URL), secret);
    if (!delivery.include_results) return this.inMemory({ ...parts }, secret);
    const dir = await mkdtemp(join(tmpdir(), 'webhook-'));
    const path = join(dir, 'body.json');
    const signer = new BodySigner(secret);
    try {
      const length = await this.payloads.writeWithResults(parts, delivery.project_uuid, path, signer);
      return { body: () => createReadStream(path), length, signature: signer.header(), logged: { ...parts, results: '(streamed, not kept in the log)' }, cleanup: () => rm(dir, { recursive: true, force: true }) };
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
  }

  private inMemory(payload: Record<string, unknown>, secret: string): PreparedBody {
    const text = Buffer.from(JSON.stringify(payload));
    const signer = new BodySigner(secret);
    signer.update(text);
    return { body: () => Readable.from([text]), length: text.length, signature: signer.header(), logged: payload, cleanup: async () => undefined };
  }
}
