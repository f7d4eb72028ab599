import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, MinLength } from 'class-validator';
import { CommonConfig, IntSetting, parseBool } from '@sca/config';

/** What API_KEY_PEPPER is when unset; main.ts warns when it is still in use. */
export const DEVELOPMENT_API_KEY_PEPPER = 'scanworks-development-api-key-pepper';

export class ProjectStoreConfig extends CommonConfig {
  /** Internal HTTP port: health, metrics and the record streams the gateway proxies. */
  @IntSetting(0, 65535)
  PROJECT_STORE_PORT = 8011;

  @IsString()
  PROJECT_STORE_HOST = '127.0.0.1';

  /**
   * project-store applies the pending migrations when it starts (one machine, docker compose).
   * `false` where a separate step applies them (the Kubernetes migration Job): project-store then
   * only checks that none is pending and refuses to start on an older schema, naming them.
   */
  @Transform(({ value }) => parseBool(value))
  @IsBoolean()
  MIGRATE_AT_START = true;

  /** How often the run sweeper looks for runs whose runner or message was lost. */
  @IntSetting(1)
  STALE_CHECK_INTERVAL_SECONDS = 10;

  /**
   * A queued run whose message seems lost (fewer messages on the work queue than queued runs),
   * or a running run nobody took over, is dispatched again after this long.
   */
  @IntSetting(1)
  RUN_REDISPATCH_SECONDS = 300;

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
