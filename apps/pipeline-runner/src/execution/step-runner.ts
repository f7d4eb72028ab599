import { mkdir, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MessageInput, ScanRecordWriter } from '@sca/persistence';
import { PlannedStep, RunStoppedError, runStep, StepContext, StepProject, WorkDirs } from '@sca/pipelines';
import { FetchPolicy } from '@sca/fetch';
import { OBJECT_STORAGE, ObjectStorage, storageKeys } from '@sca/storage';
import { RunnerConfig } from '../config/runner.config';
import { ClaimedRun } from './run-claim';
import { RunLog } from './run-log';
import { packCodebase } from './codebase-pack';
import { processScratchName } from './attempt-cleanup';
import { RunPolicies } from './run-policies';

export type ProgressSink = (step: string, done: number, total: number, flushNow: boolean) => void;

export const FETCH_POLICY = Symbol('FETCH_POLICY');

/** Runs the planned steps of one run in a scratch directory, then keeps its outputs in storage. */
@Injectable()
export class StepRunner {
  constructor(
    private readonly db: DataSource,
    private readonly config: RunnerConfig,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(FETCH_POLICY) private readonly fetchPolicy: FetchPolicy,
  ) {}

  async runAll(run: ClaimedRun, plan: PlannedStep[], log: RunLog, signal: AbortSignal, setProgress: ProgressSink, policies: RunPolicies): Promise<void> {
    const dirs = await this.createWorkDirs(run.uuid);
    // Started as soon as a step says codebase/ is final, so the upload overlaps the scan steps.
    let codebaseUpload: Promise<void> | null = null;
    const state = { label: '', step: '' };
    try {
      const ctx = await this.context(run, dirs, log, signal, (done, total) => setProgress(state.label, done, total, false), policies, () => state.step);
      const total = plan.length;
      for (const [index, { step, skipped }] of plan.entries()) {
        ctx.throwIfStopped();
        const label = `${index + 1}/${total} ${step.name}`;
        state.label = label;
        state.step = step.name;
        setProgress(label, 0, 0, true);
        if (skipped) {
          log.add(`Step [${step.name}] skipped`);
          continue;
        }
        log.add(`Step [${step.name}] starting`);
        const started = Date.now();
        await runStep(step, ctx);
        log.add(`Step [${step.name}] completed in ${((Date.now() - started) / 1000).toFixed(2)} seconds`);
        if (step.codebaseFinal && !codebaseUpload) {
          codebaseUpload = this.keepCodebase(run, dirs);
          // Awaited at the end (where a failure fails the run); never an unhandled rejection meanwhile.
          codebaseUpload.catch(() => undefined);
        }
        await log.flush();
      }
      await (codebaseUpload ?? this.keepCodebase(run, dirs));
      await this.keepOutputs(run.project_uuid, dirs);
    } finally {
      // The run-end compliance refresh needs the policies, which may be files in the scratch directory.
      await policies.get(state.step).catch(() => undefined);
      // Never remove the scratch directory under a running upload.
      await codebaseUpload?.catch(() => undefined);
      await rm(dirs.root, { recursive: true, force: true });
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

  private async context(
    run: ClaimedRun,
    dirs: WorkDirs,
    log: RunLog,
    signal: AbortSignal,
    progress: (done: number, total: number) => void,
    policies: RunPolicies,
    currentStep: () => string,
  ): Promise<StepContext> {
    const projects: StepProject[] = await this.db.query('SELECT uuid, name, settings, extra_data FROM projects WHERE uuid = $1', [run.project_uuid]);
    if (!projects[0]) throw new Error(`Project ${run.project_uuid} no longer exists`);
    const records = new ScanRecordWriter(this.db, run.project_uuid, run.uuid);
    policies.attach(projects[0].settings ?? {}, dirs, (m) => records.addMessages([m]));
    return {
      project: projects[0],
      run: { uuid: run.uuid, pipeline_name: run.pipeline_name, selected_groups: run.selected_groups },
      dirs,
      db: this.db,
      records,
      storage: this.storage,
      fetchPolicy: this.fetchPolicy,
      scan: {
        processes: this.config.SCAN_PROCESSES,
        fileTimeoutSeconds: this.config.SCAN_FILE_TIMEOUT,
        maxFileSize: this.config.SCAN_MAX_FILE_SIZE,
        workerMemoryMb: this.config.SCAN_WORKER_MEMORY_MB,
      },
      signal,
      log: (message) => log.add(message),
      progress,
      throwIfStopped: () => {
        if (signal.aborted) throw new RunStoppedError();
      },
      addMessage: (m: MessageInput) => records.addMessages([m]),
      updateProjectExtraData: async (patch) => {
        await this.db.query('UPDATE projects SET extra_data = extra_data || $2::jsonb WHERE uuid = $1', [run.project_uuid, JSON.stringify(patch)]);
      },
      policies: () => policies.get(currentStep()),
    };
  }

  /** The codebase as one pack object per run (see codebase-pack.ts). */
  private async keepCodebase(run: ClaimedRun, dirs: WorkDirs): Promise<void> {
    if ((await readdir(dirs.codebase)).length > 0) await packCodebase(this.storage, this.db, run.project_uuid, run.uuid, dirs.codebase);
  }

  /** What the API serves later (file_content, outputs) must outlive the scratch directory. */
  private async keepOutputs(projectUuid: string, dirs: WorkDirs): Promise<void> {
    if ((await readdir(dirs.output)).length > 0) await this.storage.uploadDirectory(dirs.output, storageKeys.outputPrefix(projectUuid));
  }
}
