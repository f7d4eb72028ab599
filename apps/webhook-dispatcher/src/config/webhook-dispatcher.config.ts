import { IsOptional, IsString, Matches } from 'class-validator';
import { CommonConfig, IntSetting } from '@sca/config';

export class WebhookDispatcherConfig extends CommonConfig {
  /** Internal HTTP port for health and metrics. */
  @IntSetting(0, 65535)
  WEBHOOK_DISPATCHER_PORT = 8041;

  @IsString()
  WEBHOOK_DISPATCHER_HOST = '127.0.0.1';

  /** reporting's internal HTTP address: the results document of `include_results`. */
  @IsString()
  @Matches(/^https?:\/\//)
  REPORTING_URL = 'http://127.0.0.1:8031';

  /** Per-attempt limit of one POST (ScanCode.io: 10 s). */
  @IntSetting(100)
  WEBHOOK_TIMEOUT_MS = 10_000;

  /** Attempts per delivery before it is dead-lettered as failed. */
  @IntSetting(1, 50)
  WEBHOOK_MAX_ATTEMPTS = 8;

  /** First retry waits about this long; each next one doubles, with jitter, up to the maximum. */
  @IntSetting(0)
  WEBHOOK_RETRY_BASE_MS = 2_000;

  @IntSetting(0)
  WEBHOOK_RETRY_MAX_MS = 15 * 60_000;

  /** How much of a receiver's answer is kept in the delivery log. */
  @IntSetting(0)
  WEBHOOK_RESPONSE_TEXT_LIMIT = 2_000;

  /**
   * A delivery claimed (`sending`) longer than this is taken over: its dispatcher died mid-attempt.
   * Must exceed WEBHOOK_TIMEOUT_MS plus the time to build a payload.
   */
  @IntSetting(1)
  WEBHOOK_CLAIM_SECONDS = 120;

  /** Deliveries in flight at once in this process. */
  @IntSetting(1)
  WEBHOOK_CONCURRENCY = 16;

  /** Hosts (names, addresses, CIDR ranges) that may be private, as for input URLs. */
  @IsOptional()
  @IsString()
  FETCH_ALLOWED_HOSTS?: string;
}
