import { IsOptional, IsString } from 'class-validator';
import { IntSetting } from '@sca/config';
import { DEFAULT_SCAN_OPTIONS, DEFAULT_WORKER_MEMORY_MB, MIN_WORKER_MEMORY_MB } from '@sca/scanner';
import { ClamdConfig } from './clamd-config';

/** The pipeline runner's environment: the common settings, clamd's (clamd-config.ts), and these. */
export class RunnerConfig extends ClamdConfig {
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

  /** ScanCode.io's PurlDB settings: deploy-to-develop matches against it when set. */
  @IsOptional()
  @IsString()
  PURLDB_URL?: string;

  @IsOptional()
  @IsString()
  PURLDB_USER?: string;

  @IsOptional()
  @IsString()
  PURLDB_PASSWORD?: string;

  @IsOptional()
  @IsString()
  PURLDB_API_KEY?: string;

  @IsOptional()
  @IsString()
  PIPELINES_DIRS?: string;

  /** Worker threads for per-file scans (ScanCode.io's SCANCODEIO_PROCESSES). Unset: the CPU count; 0: none, in the runner's thread. */
  @IsOptional()
  @IntSetting(0, 256)
  SCAN_PROCESSES?: number;

  /** Per-file scan timeout, in seconds (ScanCode's default). */
  @IntSetting(1)
  SCAN_FILE_TIMEOUT = DEFAULT_SCAN_OPTIONS.timeoutSeconds;

  /**
   * The largest file whose content is scanned, in bytes. A project's `scan_max_file_size` may
   * lower it, never raise it: the worker heap limit below is sized for files up to this size.
   */
  @IntSetting(1)
  SCAN_MAX_FILE_SIZE = DEFAULT_SCAN_OPTIONS.maxFileSize;

  /** Heap limit of each scan worker thread, in MB; a file whose scan exceeds it gets a scan error. */
  @IntSetting(MIN_WORKER_MEMORY_MB)
  SCAN_WORKER_MEMORY_MB = DEFAULT_WORKER_MEMORY_MB;

  /**
   * 1: a scan worker pool is started and warmed (engine loaded, license index built) while the
   * runner waits, and handed to the next run that scans; 0: each run starts its own. Costs the
   * memory of an idle pool; saves a run the seconds of CPU its workers' warm-up takes.
   */
  @IntSetting(0, 1)
  SCAN_WARM_POOL = 1;

  /**
   * The service-wide license policies YAML (ScanCode.io's SCANCODEIO_POLICIES_FILE), used by
   * projects without their own. Unset: none. Loaded and validated at start.
   */
  @IsOptional()
  @IsString()
  POLICIES_FILE?: string;
}
