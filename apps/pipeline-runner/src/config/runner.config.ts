import { IsOptional, IsString } from 'class-validator';
import { CommonConfig, IntSetting } from '@sca/config';

export class RunnerConfig extends CommonConfig {
  /** Internal HTTP port for health and metrics. */
  @IntSetting(0, 65535)
  RUNNER_PORT = 8021;

  @IsString()
  RUNNER_HOST = '127.0.0.1';

  /** Scratch space: one `input/ codebase/ output/ tmp/` directory per run, removed afterwards. */
  @IsOptional()
  @IsString()
  RUNNER_WORK_DIR?: string;

  /** Runs executed at once by this process (per-file work uses the worker pool). */
  @IntSetting(1, 64)
  RUNNER_CONCURRENCY = 1;

  /** Heartbeat period: the run's lease (RUN_LEASE_SECONDS) is renewed this often. */
  @IntSetting(1)
  HEARTBEAT_SECONDS = 5;

  /**
   * On SIGTERM (a deploy, a scale-down) running runs get this long to finish; the others are
   * handed back to the queue at once, for another runner to resume.
   */
  @IntSetting(0)
  RUNNER_SHUTDOWN_GRACE_SECONDS = 20;

  /**
   * A run cut off from PostgreSQL or object storage waits this long for them to come back, then
   * resumes from a clean state (counted as an attempt); past it the run fails.
   */
  @IntSetting(1)
  RUN_DEPENDENCY_WAIT_SECONDS = 180;

  /** Host names and CIDR ranges that input URLs may reach although they are private. */
  @IsOptional()
  @IsString()
  FETCH_ALLOWED_HOSTS?: string;

  @IntSetting(1)
  FETCH_MAX_BYTES = 10 * 1024 ** 3;

  @IntSetting(100)
  FETCH_TIMEOUT_MS = 30_000;

  @IsOptional()
  @IsString()
  PIPELINES_DIRS?: string;

  /**
   * The service-wide license policies YAML (ScanCode.io's SCANCODEIO_POLICIES_FILE), used by
   * projects without their own. Unset: none. Loaded and validated at start.
   */
  @IsOptional()
  @IsString()
  POLICIES_FILE?: string;
}
