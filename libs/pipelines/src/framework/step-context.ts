import type {
  DependencyRepository, LicenseDetectionRepository, PackageRepository, ProjectMessages, RelationRepository, ResourceRepository, RootfsResourceRepository, D2dResourceRepository, RunInputSources, RunProject,
} from '@sca/persistence';
import type { ClamdAddress, Policies, ScanPool } from '@sca/scanner';
import { ObjectStorage } from '@sca/storage';
import { FetchPolicy, type PurlDbClient } from '@sca/fetch';
import type { CodebaseFiles } from './codebase-files';
import type { PackageScanCarry } from './package-scan-carry';

export interface WorkDirs {
  root: string;
  input: string;
  codebase: string;
  output: string;
  tmp: string;
}

export type StepProject = RunProject;

export interface StepRun {
  uuid: string;
  pipeline_name: string;
  selected_groups: string[] | null;
}

/** The runner's scan settings (validated in its config): the limits of the per-file worker pool. */
export interface ScanSettings {
  /** Worker threads for per-file work (ScanCode.io's SCANCODEIO_PROCESSES); undefined: the CPU count, 0: none. */
  processes?: number;
  /** Per-file timeout, in seconds. */
  fileTimeoutSeconds: number;
  /** The largest file whose content is scanned: a project's `scan_max_file_size` may lower it, never raise it. */
  maxFileSize: number;
  /** Heap limit of each worker thread, in MB: a file that exceeds it gets a scan error. */
  workerMemoryMb: number;
}

/** The runner's clamd settings (validated in its config): where clamd is, and how files reach it. */
export interface ClamdSettings {
  address: ClamdAddress;
  /** clamd sees the runner's scratch directory at the same paths: it opens the files itself (CONTSCAN) instead of receiving their bytes (INSTREAM). */
  sharedFilesystem: boolean;
  /** clamd's StreamMaxLength (and MaxFileSize): larger files are not sent, and get a warning. */
  streamMaxLength: number;
  /** Files scanned at once, each on its own connection. */
  connections: number;
  /** A command is given up after this long without a byte either way. */
  timeoutSeconds: number;
  /** Attempts after the first when the connection to clamd breaks. */
  retries: number;
  /** The wait before the first retry, doubled at each further one. */
  retryDelayMs: number;
}

/**
 * Everything a step may use. Steps never reach for globals, and never for the database: the
 * project's records come through the repositories below, scoped to this project and run (the
 * rows they insert carry the run, so that a resumed run can remove them).
 */
export interface StepContext {
  project: StepProject;
  run: StepRun;
  dirs: WorkDirs;
  /** Codebase resources: statuses, streams of those without one, bulk writes. */
  resources: ResourceRepository;
  /** Checksum lookups and rootfs-path flags of the root filesystem and image pipelines. */
  rootfsResources: RootfsResourceRepository;
  /** Resource selections, relations and flags of deploy-to-develop. */
  d2dResources: D2dResourceRepository;
  packages: PackageRepository;
  dependencies: DependencyRepository;
  relations: RelationRepository;
  licenses: LicenseDetectionRepository;
  /** Project messages: `error`/`warning`/`info`, `saveErrors`, batches for per-file errors. */
  messages: ProjectMessages;
  /** The project's inputs, for fetching those not fetched yet. */
  inputs: RunInputSources;
  storage: ObjectStorage;
  fetchPolicy: FetchPolicy;
  scan: ScanSettings;
  clamd: ClamdSettings;
  /**
   * codebase/ as steps read it: the disk, plus the archive trees an earlier step mounted (image
   * layers read in place). Read the codebase's files through it, not through `dirs.codebase`.
   */
  codebase(): Promise<CodebaseFiles>;
  /**
   * The run's worker pool for per-file work, under the scan settings: started at the first call
   * and closed when the run ends, so that the workers load the scan engine once per run rather
   * than once per step. Steps never close it.
   */
  scanPool(): ScanPool;
  /** Package scans collection started for the package scan step (see PackageScanCarry). */
  packageScans: PackageScanCarry;
  /**
   * The configured PurlDB when it answers (asked once per run, at the first call), null when
   * none is configured or it is unavailable: the PurlDB steps then log and skip.
   */
  purldb(): Promise<PurlDbClient | null>;
  signal: AbortSignal;
  /** Appends a timestamped line to the run log. */
  log(message: string): void;
  /** Reports per-file progress of the current step. */
  progress(done: number, total: number): void;
  /** Throws RunStoppedError when a stop was requested; call it between files. */
  throwIfStopped(): void;
  /** Merges keys into the project's extra_data. */
  updateProjectExtraData(patch: Record<string, unknown>): Promise<void>;
  /**
   * The license policies of this run (see libs/policies), null when none.
   * Resolved once per run, at the first call: call it once codebase/ is complete, since a
   * `codebase/<dir>/policies.yml` counts. A bad project document is reported as an error
   * message and gives null.
   */
  policies(): Promise<Policies | null>;
}

export class RunStoppedError extends Error {
  constructor() {
    super('Stop task requested');
    this.name = 'RunStoppedError';
  }
}
