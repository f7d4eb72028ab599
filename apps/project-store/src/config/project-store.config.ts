import { IsOptional, IsString } from 'class-validator';
import { CommonConfig, IntSetting } from '@sca/config';

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
}
