import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  AddInputCommand, AddPipelineCommand, AddWebhookCommand, ArchiveCommand, CreatedWebhook, CreateProjectCommand, ERROR_CODES,
  EVENTS, ProjectDeletedEvent, ProjectListQuery, ResetCommand, UploadedInput, PROJECT_NOT_FOUND,
} from '@sca/contracts';
import { DomainError, OutboxRelay } from '@sca/messaging';
import { buildProjectFilter, InputSourceEntity, ProjectEntity, ProjectFilterError, RunEntity, writeOutbox } from '@sca/persistence';
import { OBJECT_STORAGE, ObjectStorage, storageKeys } from '@sca/storage';
import { parsePipelineSelector, PipelineRegistry } from '@sca/pipelines';
import { splitInputUrls, tagFromUrl } from '@sca/fetch';
import { ProjectQueries } from './project-queries';
import { ProjectRow, serializeProjectDetail, serializeProjectListItem } from './project-serializer';
import { RunsService } from '../runs/runs.service';
import { pageWindow, paginate } from '../common/pagination';
import { slugify } from '../common/slugify';
import { url2purl } from './url2purl';
import { GlobalWebhook } from './global-webhook';
import { insertWebhookSubscription } from '../webhooks/webhook-writer';

const RUN_IN_PROGRESS = (action: string) => `Cannot ${action} project while a run is in progress.`;

@Injectable()
export class ProjectsService {
  constructor(
    private readonly db: DataSource,
    private readonly queries: ProjectQueries,
    private readonly runs: RunsService,
    private readonly registry: PipelineRegistry,
    private readonly relay: OutboxRelay,
    private readonly globalWebhook: GlobalWebhook,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async require(uuid: string): Promise<ProjectRow> {
    const project = await this.queries.find(uuid);
    if (!project) throw new DomainError(ERROR_CODES.notFound, /^[0-9a-f-]{32,36}$/i.test(uuid) ? PROJECT_NOT_FOUND : 'Not found.');
    return project;
  }

  async list(q: ProjectListQuery) {
    let filter;
    try {
      filter = buildProjectFilter(q.query);
    } catch (e) {
      if (e instanceof ProjectFilterError) throw new DomainError(ERROR_CODES.validation, 'Invalid filter', e.errors);
      throw e;
    }
    const count = await this.queries.count(filter);
    const w = pageWindow(q.query.page, count, q.page_size);
    const rows = await this.queries.page(filter, w.offset, w.limit);
    const uuids = rows.map((r) => r.uuid);
    const [inputs, runs] = await Promise.all([this.queries.inputsOf(uuids), this.queries.runsOf(uuids)]);
    const items = rows.map((p) => serializeProjectListItem(p, inputs.get(p.uuid) ?? [], runs.get(p.uuid) ?? [], q.ctx.base_url));
    return paginate(items, count, w, q.request_url);
  }

  async listItem(uuid: string, baseUrl: string) {
    const p = await this.require(uuid);
    const [inputs, runs] = await Promise.all([this.queries.inputsOf([uuid]), this.queries.runsOf([uuid])]);
    return serializeProjectListItem(p, inputs.get(uuid) ?? [], runs.get(uuid) ?? [], baseUrl);
  }

  async detail(uuid: string, baseUrl: string) {
    const p = await this.require(uuid);
    const [inputs, runs, summaries, inputRoot, outputRoot] = await Promise.all([
      this.queries.inputsOf([uuid]),
      this.queries.runsOf([uuid]),
      this.queries.summaries(uuid),
      this.storage.listNames(storageKeys.inputPrefix(uuid)),
      this.storage.listNames(storageKeys.outputPrefix(uuid)),
    ]);
    return serializeProjectDetail(p, inputs.get(uuid) ?? [], runs.get(uuid) ?? [], { ...summaries, input_root: inputRoot, output_root: outputRoot }, baseUrl);
  }

  /** Validates what needs the database or the registry; returns DRF-style field errors. */
  private async validateCreate(cmd: CreateProjectCommand): Promise<void> {
    const errors: Record<string, string[]> = {};
    const taken: unknown[] = await this.db.query('SELECT 1 FROM projects WHERE name = $1', [cmd.name]);
    if (taken.length > 0) errors.name = ['project with this name already exists.'];
    const bad = cmd.pipelines.filter((p) => !this.registry.get(parsePipelineSelector(p).name));
    if (bad.length > 0) errors.pipeline = bad.map((p) => `"${p}" is not a valid choice.`);
    if (Object.keys(errors).length > 0) throw new DomainError(ERROR_CODES.validation, 'Invalid project', errors);
  }

  /**
   * ScanCode.io's create sequence (reference §3.2), in one transaction. The answer is the list
   * item plus, when the request created subscriptions (`webhook_url`, `webhooks`), a final
   * `webhooks` key with their secrets: the only time they are shown. The global webhook is the
   * operator's, so its secret is not handed to the client.
   */
  async create(cmd: CreateProjectCommand) {
    await this.validateCreate(cmd);
    const purl = cmd.purl || (!cmd.upload && cmd.input_urls.length === 1 ? url2purl(cmd.input_urls[0]) : '');
    const labels = [...new Set(cmd.labels)].sort();
    const created: CreatedWebhook[] = [];
    try {
      await this.db.transaction(async (tx) => {
        await tx.insert(ProjectEntity, {
          uuid: cmd.uuid, name: cmd.name, slug: `${slugify(cmd.name)}-${cmd.uuid.replace(/-/g, '').slice(0, 8)}`.slice(0, 110),
          notes: cmd.notes, settings: cmd.settings as object, labels, label_slugs: labels.map(slugify), purl, extra_data: cmd.extra_data as object,
        });
        const global = this.globalWebhook.subscription();
        if (global) await insertWebhookSubscription(tx, cmd.uuid, global);
        if (cmd.upload) await this.insertUpload(tx, cmd.uuid, cmd.upload);
        await this.insertUrls(tx, cmd.uuid, cmd.input_urls);
        for (const p of cmd.pipelines) await this.insertRun(tx, cmd.uuid, p);
        if (cmd.webhook_url) {
          created.push(await insertWebhookSubscription(tx, cmd.uuid, {
            target_url: cmd.webhook_url, trigger_on_each_run: false, include_summary: false, include_results: false, is_active: true, secret: null,
          }));
        }
        for (const w of cmd.webhooks) created.push(await insertWebhookSubscription(tx, cmd.uuid, w));
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new DomainError(ERROR_CODES.validation, 'Invalid project', { name: ['project with this name already exists.'] });
      throw error;
    }
    if (cmd.execute_now) await this.runs.startNext(cmd.uuid);
    const item = await this.listItem(cmd.uuid, cmd.ctx.base_url);
    return created.length > 0 ? { ...item, webhooks: created } : item;
  }

  private async insertUpload(tx: EntityManager, projectUuid: string, upload: UploadedInput): Promise<void> {
    await tx.insert(InputSourceEntity, { uuid: randomUUID(), project_uuid: projectUuid, filename: upload.filename, is_uploaded: true, tag: upload.tag.slice(0, 50), size: String(upload.size), stored: true });
  }

  private async insertUrls(tx: EntityManager, projectUuid: string, urls: string[]): Promise<void> {
    for (const url of splitInputUrls(urls)) {
      await tx.insert(InputSourceEntity, { uuid: randomUUID(), project_uuid: projectUuid, download_url: url.slice(0, 1024), tag: tagFromUrl(url) });
    }
  }

  private async insertRun(tx: EntityManager, projectUuid: string, selector: string): Promise<void> {
    const { name, groups } = parsePipelineSelector(selector);
    const pipeline = this.registry.get(name);
    if (!pipeline) throw new DomainError(ERROR_CODES.refused, `${selector} is not a valid pipeline.`);
    await tx.insert(RunEntity, { uuid: randomUUID(), project_uuid: projectUuid, pipeline_name: name, description: pipeline.summary, selected_groups: groups });
  }

  private async hasRunInProgress(uuid: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query('SELECT 1 FROM runs WHERE project_uuid = $1 AND task_id IS NOT NULL AND task_end_date IS NULL LIMIT 1', [uuid]);
    return rows.length > 0;
  }

  async remove(uuid: string): Promise<void> {
    await this.require(uuid);
    if (await this.hasRunInProgress(uuid)) throw new DomainError(ERROR_CODES.refused, RUN_IN_PROGRESS('delete'));
    await this.storage.removePrefix(storageKeys.project(uuid));
    const event: ProjectDeletedEvent = { project_uuid: uuid };
    await this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM projects WHERE uuid = $1', [uuid]);
      await writeOutbox(tx, [{ kind: 'event', name: EVENTS.projectDeleted, messageId: `${uuid}.deleted`, payload: event }]);
    });
    this.relay.kick();
  }

  /** Refuses inputs once any run has started, or when archived (ScanCode.io uses one message for both). */
  async checkCanAddInput(uuid: string): Promise<void> {
    const p = await this.require(uuid);
    const started: unknown[] = await this.db.query('SELECT 1 FROM runs WHERE project_uuid = $1 AND task_start_date IS NOT NULL LIMIT 1', [uuid]);
    if (p.is_archived || started.length > 0) throw new DomainError(ERROR_CODES.refused, 'Cannot add inputs once a pipeline has started to execute.');
  }

  async addInput(cmd: AddInputCommand): Promise<string> {
    await this.checkCanAddInput(cmd.project_uuid);
    await this.db.transaction(async (tx) => {
      if (cmd.upload) await this.insertUpload(tx, cmd.project_uuid, cmd.upload);
      await this.insertUrls(tx, cmd.project_uuid, cmd.input_urls);
    });
    return 'Input(s) added.';
  }

  async addPipeline(cmd: AddPipelineCommand): Promise<string> {
    await this.require(cmd.project_uuid);
    await this.db.transaction((tx) => this.insertRun(tx, cmd.project_uuid, cmd.pipeline));
    if (cmd.execute_now) await this.runs.startNext(cmd.project_uuid);
    return 'Pipeline added.';
  }

  /** Adds a subscription; the caller shows its secret once. */
  async addWebhook(cmd: AddWebhookCommand): Promise<CreatedWebhook> {
    await this.require(cmd.project_uuid);
    return this.db.transaction((tx) => insertWebhookSubscription(tx, cmd.project_uuid, cmd.webhook));
  }

  async archive(cmd: ArchiveCommand): Promise<string> {
    const p = await this.require(cmd.project_uuid);
    if (await this.hasRunInProgress(p.uuid)) throw new DomainError(ERROR_CODES.refused, RUN_IN_PROGRESS('archive'));
    if (cmd.remove_input) {
      await this.storage.removePrefix(storageKeys.inputPrefix(p.uuid));
      await this.db.query('UPDATE input_sources SET stored = false WHERE project_uuid = $1', [p.uuid]);
    }
    if (cmd.remove_codebase) {
      await this.storage.removePrefix(storageKeys.codebasePrefix(p.uuid));
      await this.storage.removePrefix(storageKeys.codebasePackPrefix(p.uuid));
      await this.db.query('DELETE FROM codebase_pack_entries WHERE project_uuid = $1', [p.uuid]);
    }
    if (cmd.remove_output) await this.storage.removePrefix(storageKeys.outputPrefix(p.uuid));
    await this.db.query('UPDATE projects SET is_archived = true WHERE uuid = $1', [p.uuid]);
    return `The project ${p.name} has been archived.`;
  }

  /** Deletes every record and file except (by default) inputs and webhooks; labels, notes and settings stay. */
  async reset(cmd: ResetCommand): Promise<string> {
    const p = await this.require(cmd.project_uuid);
    if (await this.hasRunInProgress(p.uuid)) throw new DomainError(ERROR_CODES.refused, RUN_IN_PROGRESS('reset'));
    const previous: { pipeline_name: string; selected_groups: string[] | null }[] = await this.db.query(
      'SELECT pipeline_name, selected_groups FROM runs WHERE project_uuid = $1 ORDER BY created_date, uuid', [p.uuid]);
    await this.db.transaction(async (tx) => {
      for (const table of ['codebase_pack_entries', 'webhook_deliveries', 'project_messages', 'codebase_relations', 'discovered_dependencies', 'discovered_licenses', 'discovered_packages', 'codebase_resources', 'runs']) {
        await tx.query(`DELETE FROM ${table} WHERE project_uuid = $1`, [p.uuid]);
      }
      if (!cmd.keep_input) await tx.query('DELETE FROM input_sources WHERE project_uuid = $1', [p.uuid]);
      if (!cmd.keep_webhook) await tx.query('DELETE FROM webhook_subscriptions WHERE project_uuid = $1', [p.uuid]);
      await tx.query(
        `UPDATE projects SET extra_data = '{}', resource_count = 0, package_count = 0, dependency_count = 0, message_count = 0, relation_count = 0 WHERE uuid = $1`,
        [p.uuid],
      );
      if (cmd.restore_pipelines) {
        for (const run of previous) {
          const pipeline = this.registry.get(run.pipeline_name);
          await tx.insert(RunEntity, { uuid: randomUUID(), project_uuid: p.uuid, pipeline_name: run.pipeline_name, description: pipeline?.summary ?? '', selected_groups: run.selected_groups });
        }
      }
    });
    await this.storage.removePrefix(storageKeys.codebasePrefix(p.uuid));
    await this.storage.removePrefix(storageKeys.codebasePackPrefix(p.uuid));
    await this.storage.removePrefix(storageKeys.outputPrefix(p.uuid));
    if (!cmd.keep_input) await this.storage.removePrefix(storageKeys.inputPrefix(p.uuid));
    if (cmd.restore_pipelines && cmd.execute_now) await this.runs.startNext(p.uuid);
    return `The ${p.name} project has been reset.`;
  }
}
