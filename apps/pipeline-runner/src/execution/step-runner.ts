import { mkdir, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ClaimedRun, RunLog } from '@sca/persistence';
import { createStepContext, loadCodebaseFiles, OpenStepContext, packCodebase, PlannedStep, RunPolicies, runPlannedSteps, StepContextServices, WorkDirs } from '@sca/pipelines';
import { FetchPolicy } from '@sca/fetch';
import { ScanPool } from '@sca/scanner';
import { OBJECT_STORAGE, ObjectStorage, storageKeys } from '@sca/storage';
import { clamdSettings } from '../config/clamd-config';
import { RunnerConfig } from '../config/runner.config';
import { processScratchName } from './scratch-areas';
import { WarmScanPool } from './warm-scan-pool';

export type ProgressSink = (step: string, done: number, total: number, flushNow: boolean) => void;

export const FETCH_POLICY = Symbol('FETCH_POLICY');

/** Runs the planned steps of one run in a scratch directory, then keeps its outputs in storage. */
@Injectable()
export class StepRunner implements OnModuleInit, OnApplicationShutdown {
  private readonly services: StepContextServices;
  private readonly warmPool: WarmScanPool;

  constructor(
    private readonly db: DataSource,
    private readonly config: RunnerConfig,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(FETCH_POLICY) fetchPolicy: FetchPolicy,
  ) {
    const newPool = () => new ScanPool({ processes: config.SCAN_PROCESSES, workerMemoryMb: config.SCAN_WORKER_MEMORY_MB });
    this.warmPool = new WarmScanPool(newPool, config.SCAN_WARM_POOL === 1);
    this.services = {
      scanPool: () => this.warmPool.take(),
      releaseScanPool: (pool, reusable) => this.warmPool.release(pool, reusable),
      db,
      storage,
      fetchPolicy,
      scan: {
        processes: config.SCAN_PROCESSES,
        fileTimeoutSeconds: config.SCAN_FILE_TIMEOUT,
        maxFileSize: config.SCAN_MAX_FILE_SIZE,
        workerMemoryMb: config.SCAN_WORKER_MEMORY_MB,
      },
      purldb: config.PURLDB_URL ? { url: config.PURLDB_URL, user: config.PURLDB_USER, password: config.PURLDB_PASSWORD, apiKey: config.PURLDB_API_KEY } : null,
      clamd: clamdSettings(config),
    };
  }

  onModuleInit(): void {
    this.warmPool.refill();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.warmPool.close();
  }

  async runAll(run: ClaimedRun, plan: PlannedStep[], log: RunLog, signal: AbortSignal, setProgress: ProgressSink, policies: RunPolicies): Promise<void> {
    const dirs = await this.createWorkDirs(run.uuid);
    // Started as soon as a step says codebase/ is final, so the upload overlaps the scan steps.
    let codebaseUpload: Promise<void> | null = null;
    const state = { label: '', step: '' };
    let opened: OpenStepContext | null = null;
    try {
      opened = await createStepContext(this.services, run, dirs, {
        signal,
        log: (message) => log.add(message),
        progress: (done, total) => setProgress(state.label, done, total, false),
        policies,
        currentStep: () => state.step,
      });
      await runPlannedSteps(plan, opened.context, {
        stepStarting: (label, step) => {
          state.label = label;
          state.step = step.name;
          setProgress(label, 0, 0, true);
        },
        codebaseFinal: () => {
          if (codebaseUpload) return;
          codebaseUpload = this.keepCodebase(run, dirs);
          // Awaited at the end (where a failure fails the run); never an unhandled rejection meanwhile.
          codebaseUpload.catch(() => undefined);
        },
        stepCompleted: () => log.flush(),
      });
      await opened.close({ completed: true });
      await (codebaseUpload ?? this.keepCodebase(run, dirs));
      await this.keepOutputs(run.project_uuid, dirs);
    } finally {
      // A failed run's worker pool is stopped here (a finished run's was handed back already).
      await opened?.close().catch(() => undefined);
      // The run-end compliance refresh needs the policies, which may be files in the scratch directory.
      await policies.get(state.step).catch(() => undefined);
      // Never remove the scratch directory under a running upload.
      await (codebaseUpload as Promise<void> | null)?.catch(() => undefined);
      await rm(dirs.root, { recursive: true, force: true });
      // Unless the run gave its pool back, the next run's workers warm up now, while this runner waits for it.
      this.warmPool.refill();
    }
  }

  /** Where the runner processes of this host keep their scratch space, one folder per process. */
  workRoot(): string {
    return this.config.RUNNER_WORK_DIR ?? join(tmpdir(), 'scanworks-runs');
  }

  private async createWorkDirs(runUuid: string): Promise<WorkDirs> {
    const root = join(this.workRoot(), processScratchName(), runUuid);
    const dirs = { root, input: join(root, 'input'), codebase: join(root, 'codebase'), output: join(root, 'output'), tmp: join(root, 'tmp') };
    await rm(root, { recursive: true, force: true });
    for (const d of [dirs.input, dirs.codebase, dirs.output, dirs.tmp]) await mkdir(d, { recursive: true });
    return dirs;
  }

  /** The codebase as one pack object per run (see libs/pipelines codebase-pack.ts; restore-codebase.ts reads it back). */
  private async keepCodebase(run: ClaimedRun, dirs: WorkDirs): Promise<void> {
    if ((await readdir(dirs.codebase)).length > 0) await packCodebase(this.storage, this.db, run.project_uuid, run.uuid, await loadCodebaseFiles(dirs), { inputDir: dirs.input, codebaseDir: dirs.codebase });
  }

  /** What the API serves later (file_content, outputs) must outlive the scratch directory. */
  private async keepOutputs(projectUuid: string, dirs: WorkDirs): Promise<void> {
    if ((await readdir(dirs.output)).length > 0) await this.storage.uploadDirectory(dirs.output, storageKeys.outputPrefix(projectUuid));
  }
}
