import { DataSource } from 'typeorm';
import { createRunRepositories, loadRunProject, mergeProjectExtraData } from '@sca/persistence';
import { PurlDbClient, type FetchPolicy, type PurlDbSettings } from '@sca/fetch';
import { ScanPool } from '@sca/scanner';
import type { ObjectStorage } from '@sca/storage';
import { loadCodebaseFiles } from './codebase-files';
import { PackageScanCarry } from './package-scan-carry';
import type { RunPolicies } from './run-policies';
import { RunStoppedError, type ClamdSettings, type ScanSettings, type StepContext, type StepRun, type WorkDirs } from './step-context';

/** What every run's steps share: the database, storage, fetching rules, scan and clamd settings. */
export interface StepContextServices {
  db: DataSource;
  storage: ObjectStorage;
  fetchPolicy: FetchPolicy;
  scan: ScanSettings;
  /** The PurlDB to match against (PURLDB_URL...), null when none is configured. */
  purldb?: PurlDbSettings | null;
  clamd: ClamdSettings;
  /**
   * Where a run's worker pool comes from when its steps first ask for one (the runner hands out
   * a pool it warmed while idle); a new pool of `scan`'s size by default. The run owns it until
   * `close`, which hands it to `releaseScanPool` (the runner keeps a completed run's pool for the
   * next run), or stops it when there is none.
   */
  scanPool?: () => ScanPool;
  /** Takes back a run's pool at `close`; `reusable`: the run completed (its pool is idle and sound). */
  releaseScanPool?: (pool: ScanPool, reusable: boolean) => Promise<void>;
}

/** What is particular to one run: its log, progress, stop signal and policies. */
export interface StepContextHooks {
  signal: AbortSignal;
  log(message: string): void;
  progress(done: number, total: number): void;
  policies: RunPolicies;
  /** The step running now: it names the message a bad policies document gives. */
  currentStep(): string;
}

async function availablePurlDb(settings: PurlDbSettings): Promise<PurlDbClient | null> {
  const client = new PurlDbClient(settings);
  return (await client.isAvailable()) ? client : null;
}

/**
 * A run's step context and what ends it: `close` gives back (or stops) the run's worker pool;
 * call it once the steps are over, with `completed` when every step ran to its end.
 */
export interface OpenStepContext {
  context: StepContext;
  close(outcome?: { completed: boolean }): Promise<void>;
}

/**
 * Builds the context of a run's steps: loads the project, scopes the repositories to it and to
 * the run, and attaches the run's policies to its settings and scratch directories. The runner
 * and the in-process pipeline harness (libs/testing) both build it here, so that steps see the
 * same context under test as in production.
 */
export async function createStepContext(
  services: StepContextServices,
  run: StepRun & { project_uuid: string },
  dirs: WorkDirs,
  hooks: StepContextHooks,
): Promise<OpenStepContext> {
  const project = await loadRunProject(services.db, run.project_uuid);
  if (!project) throw new Error(`Project ${run.project_uuid} no longer exists`);
  const repositories = createRunRepositories(services.db, project.uuid, run.uuid);
  hooks.policies.attach(project.settings ?? {}, dirs, (m) => repositories.messages.add(m));
  let pool: ScanPool | null = null;
  let purldb: Promise<PurlDbClient | null> | null = null;
  const purldbSettings = services.purldb ?? null;
  const context: StepContext = {
    project,
    run: { uuid: run.uuid, pipeline_name: run.pipeline_name, selected_groups: run.selected_groups },
    dirs,
    ...repositories,
    storage: services.storage,
    fetchPolicy: services.fetchPolicy,
    scan: services.scan,
    clamd: services.clamd,
    codebase: () => loadCodebaseFiles(dirs),
    scanPool: () => (pool ??= services.scanPool?.() ?? new ScanPool({ processes: services.scan.processes, workerMemoryMb: services.scan.workerMemoryMb })),
    packageScans: new PackageScanCarry(),
    purldb: () => (purldb ??= purldbSettings ? availablePurlDb(purldbSettings) : Promise.resolve(null)),
    signal: hooks.signal,
    log: hooks.log,
    progress: hooks.progress,
    throwIfStopped: () => {
      if (hooks.signal.aborted) throw new RunStoppedError();
    },
    updateProjectExtraData: (patch) => mergeProjectExtraData(services.db, project.uuid, patch),
    policies: () => hooks.policies.get(hooks.currentStep()),
  };
  return {
    context,
    close: async ({ completed } = { completed: false }) => {
      const owned = pool;
      pool = null;
      if (!owned) return;
      if (services.releaseScanPool) await services.releaseScanPool(owned, completed);
      else await owned.close();
    },
  };
}
