import { IsOptional, IsString, MinLength } from 'class-validator';
import { CommonConfig, IntSetting } from '@sca/config';

/** What API_KEY_PEPPER is when unset; main.ts warns when it is still in use. */
export const DEVELOPMENT_API_KEY_PEPPER = 'scanworks-development-api-key-pepper';

export class ProjectStoreConfig extends CommonConfig {
  /** Internal HTTP port: health, metrics and the record streams the gateway proxies. */
  @IntSetting(0, 65535)
  PROJECT_STORE_PORT = 8011;

  @IsString()
  PROJECT_STORE_HOST = '127.0.0.1';

  /** A running run whose runner has not sent a heartbeat for this long is marked stale. */
  @IntSetting(3)
  RUN_LEASE_SECONDS = 60;

  /** How often the stale-run reaper looks. */
  @IntSetting(1)
  STALE_CHECK_INTERVAL_SECONDS = 10;

  /** Comma-separated directories with extra `*.pipeline.js` pipelines. */
  @IsOptional()
  @IsString()
  PIPELINES_DIRS?: string;

  /** A webhook subscription added to every new project: target_url=...,trigger_on_each_run=False,... */
  @IsOptional()
  @IsString()
  GLOBAL_WEBHOOK?: string;

  /**
   * Secret key of the HMAC that API keys are stored under. It has a development default, as
   * S3_SECRET_KEY does, so that a single machine works with no setup; a fixed default rather
   * than a random one because changing the pepper invalidates every stored key. Deriving it from
   * another secret was rejected: rotating the S3 or database credentials would then silently
   * revoke every API key. Production sets its own (e.g. `openssl rand -hex 32`) and keeps it.
   */
  @IsString()
  @MinLength(16)
  API_KEY_PEPPER = DEVELOPMENT_API_KEY_PEPPER;
}
