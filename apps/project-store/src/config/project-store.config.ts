import { IsOptional, IsString } from 'class-validator';
import { CommonConfig, IntSetting } from '@sca/config';

export class ProjectStoreConfig extends CommonConfig {
  /** Internal HTTP port: health, metrics and the record streams the gateway proxies. */
  @IntSetting(0, 65535)
  PROJECT_STORE_PORT = 8011;

  @IsString()
  PROJECT_STORE_HOST = '127.0.0.1';

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
}
