import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { parseBool } from './load-config';
import { IntSetting } from './int-setting';

/** Variables every service reads: where PostgreSQL, RabbitMQ and object storage are. */
export class CommonConfig {
  /** PostgreSQL connection URL. */
  @IsString()
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/scanworks';

  @IntSetting(1, 200)
  DATABASE_POOL_SIZE = 10;

  @IsString()
  @Matches(/^amqps?:\/\//, { message: 'AMQP_URL must be an amqp:// URL' })
  AMQP_URL = 'amqp://guest:guest@127.0.0.1:5672';

  /** Prefix of every exchange and queue name, so that several stacks can share one broker. */
  @IsString()
  @Matches(/^[a-z0-9_.-]+$/i)
  AMQP_PREFIX = 'sca';

  /** S3 endpoint URL; empty means the local S3 server that `npm start` runs. */
  @IsOptional()
  @IsString()
  @Matches(/^https?:\/\//, { message: 'S3_ENDPOINT must be an http(s):// URL' })
  S3_ENDPOINT?: string;

  @IsString()
  S3_ACCESS_KEY = 'S3RVER';

  @IsString()
  S3_SECRET_KEY = 'S3RVER';

  @IsString()
  S3_REGION = 'us-east-1';

  @IsString()
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'S3_BUCKET must be a valid bucket name' })
  S3_BUCKET = 'scanworks';

  /**
   * A running run whose runner has not renewed its lease (heartbeat) for this long is taken
   * over by another runner, or by the sweeper when none is there to take it.
   */
  @IntSetting(3)
  RUN_LEASE_SECONDS = 60;

  /** Executions of one run before it ends stale (exit code 88): the first and its resumptions. */
  @IntSetting(1, 100)
  RUN_MAX_ATTEMPTS = 3;

  /** How often the transactional outbox is relayed when nothing asks for it sooner. */
  @IntSetting(50)
  OUTBOX_POLL_MS = 1000;

  /**
   * The public base URL of the API (ScanCode.io's SCANCODEIO_SITE_URL), e.g.
   * `https://scan.example.com`: the `results_url` of run.completed events is absolute under it
   * (the API path without it), and Slack messages link projects there.
   */
  @IsOptional()
  @IsString()
  @Matches(/^https?:\/\//, { message: 'SITE_URL must be an http(s):// URL' })
  SITE_URL?: string;

  @IsIn(['debug', 'info', 'warn', 'error'])
  LOG_LEVEL: 'debug' | 'info' | 'warn' | 'error' = 'info';

  @Transform(({ value }) => parseBool(value))
  @IsBoolean()
  LOG_JSON = true;
}
