import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import type { FetchPolicy, PurlDbSettings } from '@sca/fetch';
import { applyMigrations, createDataSource, loadRunProject, logStamp } from '@sca/persistence';
import {
  createPipelineRegistry, createStepContext, loadCodebaseFiles, formatFailure, OpenStepContext, packCodebase, PipelineDefinition, planSteps, RunPolicies, runPlannedSteps, settleRunRecords,
  type ClamdSettings, type ScanSettings, type StepContextServices, type WorkDirs,
} from '@sca/pipelines';
import { CLAMD_DEFAULT_STREAM_MAX_LENGTH, DEFAULT_SCAN_OPTIONS, DEFAULT_WORKER_MEMORY_MB, type Policies } from '@sca/scanner';
import { S3ObjectStorage, startLocalS3, type LocalS3 } from '@sca/storage';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { createHarnessProject, type HarnessInput } from './harness-project';
import { readProjectRecords, type ProjectRecords } from './project-records';

export interface HarnessRun {
  /** A registered pipeline's name, or a definition (a test pipeline). */
  pipeline: string | PipelineDefinition;
  /** Selected optional groups (`pipeline:Group1,Group2`). */
  groups?: string[];
  inputs?: HarnessInput[];
  settings?: Record<string, unknown>;
  /** The project name; unique by default. */
  name?: string;
  /** Run in this existing project (an add-on after an earlier run) instead of a new one; no inputs then. */
  projectUuid?: string;
  /**
   * Keep the run's codebase/ in storage as the runner does (one pack object), for a later run of
   * the project to read (an add-on). Off by default: most tests read only the records.
   */
  keepCodebase?: boolean;
  /** This run's clamd settings, over the harness's. */
  clamd?: Partial<ClamdSettings>;
}

/** What a run left: its end as the runner records it, the project's records as the API serializes them, and output/. */
export interface HarnessResult extends ProjectRecords {
  projectUuid: string;
  status: 'success' | 'failure';
  /** The run's `task_output`: empty on success, ScanCode.io's message and traceback on failure. */
  taskOutput: string;
  log: string;
  /** The project's extra_data after the run. */
  extraData: Record<string, unknown>;
  /** The files the run left in output/, by name. */
  outputs: Record<string, Buffer>;
}

export interface PipelineHarnessOptions {
  /**
   * The runner's defaults (per-file timeout, largest scanned file, heap per worker) with one
   * worker thread: test inputs are small, and the suite runs two test files at once.
   */
  scan?: Partial<ScanSettings>;
  /** The runner's POLICIES_FILE policies. */
  servicePolicies?: Policies | null;
  /** The runner's fetch policy (FETCH_ALLOWED_HOSTS and limits); by default no non-public host is allowed. */
  fetchPolicy?: FetchPolicy;
  /** The PurlDB the d2d steps match against; none by default. */
  purldb?: PurlDbSettings;
  /** The runner's clamd settings (scan_for_virus); by default clamd on 127.0.0.1:3310, streamed to, two connections. */
  clamd?: Partial<ClamdSettings>;
}

/** By default input URLs are not fetched under test: no host is allowed beyond the public ones, with the runner's limits. */
const FETCH_POLICY: FetchPolicy = { allowedHosts: [], maxBytes: 10 * 1024 ** 3, timeoutMs: 30_000 };

const DEFAULT_CLAMD: ClamdSettings = {
  address: { kind: 'tcp', host: '127.0.0.1', port: 3310 },
  sharedFilesystem: false,
  streamMaxLength: CLAMD_DEFAULT_STREAM_MAX_LENGTH,
  connections: 2,
  timeoutSeconds: 30,
  retries: 1,
  retryDelayMs: 100,
};

const DEFAULT_SCAN: ScanSettings = { processes: 1, fileTimeoutSeconds: DEFAULT_SCAN_OPTIONS.timeoutSeconds, maxFileSize: DEFAULT_SCAN_OPTIONS.maxFileSize, workerMemoryMb: DEFAULT_WORKER_MEMORY_MB };

/**
 * Runs pipelines in this process as the runner does (the same step context, step loop and run
 * end), against a real PostgreSQL database migrated with the real migrations, a scratch
 * directory per run and a local S3 server: no RabbitMQ, no HTTP, none of the services.
 */
export class PipelineHarness {
  private readonly registry = createPipelineRegistry();

  private constructor(
    readonly db: DataSource,
    readonly storage: S3ObjectStorage,
    private readonly services: StepContextServices,
    private readonly servicePolicies: Policies | null,
    private readonly dir: string,
    private readonly closers: (() => Promise<void>)[],
  ) {}

  static async start(options: PipelineHarnessOptions = {}): Promise<PipelineHarness> {
    const dir = await mkdtemp(join(tmpdir(), 'sca-harness-'));
    const closers: (() => Promise<void>)[] = [() => rm(dir, { recursive: true, force: true })];
    try {
      const tdb: TestDatabase = await createTestDatabase();
      closers.unshift(() => tdb.drop());
      const db = createDataSource({ url: tdb.url, poolSize: 4, applicationName: 'pipeline-harness' });
      await db.initialize();
      closers.unshift(() => db.destroy());
      await applyMigrations(db);
      const s3: LocalS3 = await startLocalS3({ directory: join(dir, 's3'), bucket: 'harness' });
      closers.unshift(() => s3.close());
      const storage = new S3ObjectStorage({ endpoint: s3.endpoint, accessKey: s3.accessKey, secretKey: s3.secretKey, region: 'us-east-1', bucket: 'harness' });
      const services: StepContextServices = { db, storage, fetchPolicy: options.fetchPolicy ?? FETCH_POLICY, scan: { ...DEFAULT_SCAN, ...options.scan }, purldb: options.purldb ?? null, clamd: { ...DEFAULT_CLAMD, ...options.clamd } };
      return new PipelineHarness(db, storage, services, options.servicePolicies ?? null, dir, closers);
    } catch (error) {
      for (const close of closers) await close().catch(() => undefined);
      throw error;
    }
  }

  async close(): Promise<void> {
    for (const close of this.closers) await close().catch(() => undefined);
  }

  /** Creates a project with the inputs, runs the pipeline, and returns what it left. */
  async run(request: HarnessRun): Promise<HarnessResult> {
    const pipeline = typeof request.pipeline === 'string' ? this.registry.get(request.pipeline) : request.pipeline;
    if (!pipeline) throw new Error(`Unknown pipeline ${String(request.pipeline)}`);
    if (request.projectUuid && (request.inputs?.length || request.settings || request.name)) throw new Error('A run in an existing project takes no inputs, settings or name');
    const projectUuid = request.projectUuid ?? (await createHarnessProject(this.db, this.storage, request.name ?? `${pipeline.name}-${randomUUID()}`, request.settings ?? {}, request.inputs ?? []));
    const run = { uuid: randomUUID(), project_uuid: projectUuid, pipeline_name: pipeline.name, selected_groups: request.groups ?? null };
    const dirs = await this.workDirs(run.uuid);
    const log: string[] = [];
    const policies = new RunPolicies(this.servicePolicies);
    const state = { step: '' };
    const add = (message: string) => log.push(`${logStamp()} ${message}`);
    let failure: unknown = null;
    let outputs: Record<string, Buffer> = {};
    const startedAt = Date.now();
    let opened: OpenStepContext | null = null;
    try {
      add(`Pipeline [${pipeline.name}] starting`);
      const services = request.clamd ? { ...this.services, clamd: { ...this.services.clamd, ...request.clamd } } : this.services;
      opened = await createStepContext(services, run, dirs, { signal: new AbortController().signal, log: add, progress: () => undefined, policies, currentStep: () => state.step });
      const plan = planSteps(this.registry.stepsOf(pipeline), run.selected_groups, null);
      await runPlannedSteps(plan, opened.context, { stepStarting: (_label, step) => void (state.step = step.name) });
      await opened.close();
      if (request.keepCodebase && (await readdir(dirs.codebase)).length > 0) await packCodebase(this.storage, this.db, projectUuid, run.uuid, await loadCodebaseFiles(dirs), { inputDir: dirs.input, codebaseDir: dirs.codebase });
      add(`Pipeline completed in ${((Date.now() - startedAt) / 1000).toFixed(2)} seconds`);
    } catch (error) {
      failure = error;
      add(`Pipeline failed: ${(error as Error).message ?? String(error)}`);
    } finally {
      await opened?.close().catch(() => undefined);
      // As at the runner's run end: the policies are resolved before the scratch directory, which may hold them, goes.
      await policies.get(state.step).catch(() => undefined);
      outputs = await readOutputs(dirs.output);
      await rm(dirs.root, { recursive: true, force: true });
    }
    await settleRunRecords(this.db, projectUuid, policies, (error) => {
      throw error;
    });
    const project = await loadRunProject(this.db, projectUuid);
    return {
      projectUuid,
      status: failure === null ? 'success' : 'failure',
      taskOutput: failure === null ? '' : formatFailure(failure),
      log: log.map((line) => `${line}\n`).join(''),
      extraData: project?.extra_data ?? {},
      outputs,
      ...(await readProjectRecords(this.db, projectUuid)),
    };
  }

  private async workDirs(runUuid: string): Promise<WorkDirs> {
    const root = join(this.dir, 'runs', runUuid);
    const dirs = { root, input: join(root, 'input'), codebase: join(root, 'codebase'), output: join(root, 'output'), tmp: join(root, 'tmp') };
    for (const d of [dirs.input, dirs.codebase, dirs.output, dirs.tmp]) await mkdir(d, { recursive: true });
    return dirs;
  }
}

async function readOutputs(dir: string): Promise<Record<string, Buffer>> {
  const out: Record<string, Buffer> = {};
  for (const name of (await readdir(dir).catch(() => [] as string[])).sort()) out[name] = await readFile(join(dir, name));
  return out;
}
