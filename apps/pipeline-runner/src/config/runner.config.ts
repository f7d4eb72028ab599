import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { CommonConfig, parseIntStrict } from '@sca/config';

export class RunnerConfig extends CommonConfig {
  /** Internal HTTP port for health and metrics. */
  @Transform(({ value }) => parseIntStrict(value))
  @IsInt()
  @Min(0)
  @Max(65535)
  RUNNER_PORT = 8021;

  @IsString()
  RUNNER_HOST = '127.0.0.1';

  /** Scratch space: one `input/ codebase/ output/ tmp/` directory per run, removed afterwards. */
  @IsOptional()
  @IsString()
  RUNNER_WORK_DIR?: string;

  /** Runs executed at once by this process (per-file work uses the worker pool). */
  @Transform(({ value }) => parseIntStrict(value))
  @IsInt()
  @Min(1)
  @Max(64)
  RUNNER_CONCURRENCY = 1;

  /** Heartbeat period; project-store marks a run stale after RUN_LEASE_SECONDS without one. */
  @Transform(({ value }) => parseIntStrict(value))
  @IsInt()
  @Min(1)
  HEARTBEAT_SECONDS = 5;

  /** Host names and CIDR ranges that input URLs may reach although they are private. */
  @IsOptional()
  @IsString()
  FETCH_ALLOWED_HOSTS?: string;

  @Transform(({ value }) => parseIntStrict(value))
  @IsInt()
  @Min(1)
  FETCH_MAX_BYTES = 10 * 1024 ** 3;

  @Transform(({ value }) => parseIntStrict(value))
  @IsInt()
  @Min(100)
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
