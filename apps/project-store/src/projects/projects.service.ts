import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AddInputCommand, AddPipelineCommand, AddWebhookCommand, ArchiveCommand, CreatedProject, CreatedWebhook, CreateProjectCommand, ERROR_CODES,
  EVENT_SCHEMA_VERSION, EVENTS, ProjectDeletedEvent, ResetCommand, UploadedInput,
} from '@sca/contracts';
import { DomainError, OutboxRelay } from '@sca/messaging';
import {
  addInputSources, addRun, createProject, deleteProject, hasRunInProgress, hasStartedRun, insertSubscription, markArchived, markInputsRemoved,
  NewInputSource, NewRun, NewSubscription, projectNameTaken, projectRuns, removePackEntries, resetProject,
} from '@sca/persistence';
import { OBJECT_STORAGE, ObjectStorage, storageKeys } from '@sca/storage';
import { parsePipelineSelector, PipelineRegistry } from '@sca/pipelines';
import { splitInputUrls, tagFromUrl } from '@sca/fetch';
import { RunsService } from '../runs/runs.service';
import { slugify } from '../common/slugify';
import { url2purl } from './url2purl';
import { GlobalWebhook } from './global-webhook';
import { ProjectViews } from './project-views.service';
import { ProjectFileRoots } from './project-file-roots';
import { newSubscription } from '../webhooks/new-subscription';

const RUN_IN_PROGRESS = (action: string) => `Cannot ${action} project while a run is in progress.`;

/** The project commands of the API (reference §3.2, §3.10–3.14); each change is one transaction. */
@Injectable()
export class ProjectsService {
  constructor(
    private readonly db: DataSource,
    private readonly views: ProjectViews,
    private readonly runs: RunsService,
    private readonly registry: PipelineRegistry,
    private readonly relay: OutboxRelay,
    private readonly globalWebhook: GlobalWebhook,
    private readonly fileRoots: ProjectFileRoots,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** Validates what needs the database or the registry; returns DRF-style field errors. */
  private async validateCreate(cmd: CreateProjectCommand): Promise<void> {
    const errors: Record<string, string[]> = {};
    if (await projectNameTaken(this.db, cmd.name)) errors.name = ['project with this name already exists.'];
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
  async create(cmd: CreateProjectCommand): Promise<CreatedProject> {
    await this.validateCreate(cmd);
    const purl = cmd.purl || (!cmd.upload && cmd.input_urls.length === 1 ? url2purl(cmd.input_urls[0]) : '');
    const labels = [...new Set(cmd.labels)].sort();
    const global = this.globalWebhook.subscription();
    const requested = [
      ...(cmd.webhook_url ? [{ target_url: cmd.webhook_url, trigger_on_each_run: false, include_summary: false, include_results: false, is_active: true, secret: null }] : []),
      ...cmd.webhooks,
    ].map(newSubscription);
    const subscriptions: NewSubscription[] = [...(global ? [newSubscription(global)] : []), ...requested];
    let uuids: string[];
    try {
      uuids = await createProject(this.db, {
        project: {
          uuid: cmd.uuid, name: cmd.name, slug: `${slugify(cmd.name)}-${cmd.uuid.replace(/-/g, '').slice(0, 8)}`.slice(0, 110),
          notes: cmd.notes, settings: cmd.settings, labels, label_slugs: labels.map(slugify), purl, extra_data: cmd.extra_data,
        },
        subscriptions,
        inputs: this.inputs(cmd.upload, cmd.input_urls),
        runs: cmd.pipelines.map((p) => this.newRun(p)),
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new DomainError(ERROR_CODES.validation, 'Invalid project', { name: ['project with this name already exists.'] });
      throw error;
    }
    if (cmd.execute_now) await this.runs.startNext(cmd.uuid);
    const item = await this.views.listItem(cmd.uuid, cmd.ctx.base_url);
    const requestedUuids = uuids.slice(subscriptions.length - requested.length);
    const created: CreatedWebhook[] = requested.map((s, i) => ({ uuid: requestedUuids[i], target_url: s.target_url, secret: s.secret }));
    return created.length > 0 ? { ...item, webhooks: created } : item;
  }

  /** The upload first, then the URLs, as ScanCode.io adds them; values cut to their columns. */
  private inputs(upload: UploadedInput | null, urls: string[]): NewInputSource[] {
    return [
      ...(upload ? [{ kind: 'upload' as const, filename: upload.filename, tag: upload.tag.slice(0, 50), size: upload.size }] : []),
      ...splitInputUrls(urls).map((url) => ({ kind: 'url' as const, download_url: url.slice(0, 1024), tag: tagFromUrl(url) })),
    ];
  }

  private newRun(selector: string): NewRun {
    const { name, groups } = parsePipelineSelector(selector);
    const pipeline = this.registry.get(name);
    if (!pipeline) throw new DomainError(ERROR_CODES.refused, `${selector} is not a valid pipeline.`);
    return { pipeline_name: name, description: pipeline.summary, selected_groups: groups };
  }

  async remove(uuid: string): Promise<void> {
    await this.views.require(uuid);
    if (await hasRunInProgress(this.db, uuid)) throw new DomainError(ERROR_CODES.refused, RUN_IN_PROGRESS('delete'));
    await this.storage.removePrefix(storageKeys.project(uuid));
    const event: ProjectDeletedEvent = { schema_version: EVENT_SCHEMA_VERSION, project_uuid: uuid };
    await deleteProject(this.db, uuid, { kind: 'event', name: EVENTS.projectDeleted, messageId: `${uuid}.deleted`, payload: event });
    this.fileRoots.forget(uuid);
    this.relay.kick();
  }

  /** Refuses inputs once any run has started, or when archived (ScanCode.io uses one message for both). */
  async checkCanAddInput(uuid: string): Promise<void> {
    const p = await this.views.require(uuid);
    if (p.is_archived || (await hasStartedRun(this.db, uuid))) throw new DomainError(ERROR_CODES.refused, 'Cannot add inputs once a pipeline has started to execute.');
  }

  async addInput(cmd: AddInputCommand): Promise<string> {
    await this.checkCanAddInput(cmd.project_uuid);
    await addInputSources(this.db, cmd.project_uuid, this.inputs(cmd.upload, cmd.input_urls));
    this.fileRoots.forget(cmd.project_uuid);
    return 'Input(s) added.';
  }

  async addPipeline(cmd: AddPipelineCommand): Promise<string> {
    await this.views.require(cmd.project_uuid);
    await addRun(this.db, cmd.project_uuid, this.newRun(cmd.pipeline));
    if (cmd.execute_now) await this.runs.startNext(cmd.project_uuid);
    return 'Pipeline added.';
  }

  /** Adds a subscription; the caller shows its secret once. */
  async addWebhook(cmd: AddWebhookCommand): Promise<CreatedWebhook> {
    await this.views.require(cmd.project_uuid);
    const s = newSubscription(cmd.webhook);
    const uuid = await insertSubscription(this.db, cmd.project_uuid, s);
    return { uuid, target_url: s.target_url, secret: s.secret };
  }

  async archive(cmd: ArchiveCommand): Promise<string> {
    const p = await this.views.require(cmd.project_uuid);
    if (await hasRunInProgress(this.db, p.uuid)) throw new DomainError(ERROR_CODES.refused, RUN_IN_PROGRESS('archive'));
    if (cmd.remove_input) {
      await this.storage.removePrefix(storageKeys.inputPrefix(p.uuid));
      await markInputsRemoved(this.db, p.uuid);
    }
    if (cmd.remove_codebase) {
      await this.storage.removePrefix(storageKeys.codebasePrefix(p.uuid));
      await this.storage.removePrefix(storageKeys.codebasePackPrefix(p.uuid));
      await removePackEntries(this.db, p.uuid);
    }
    if (cmd.remove_output) await this.storage.removePrefix(storageKeys.outputPrefix(p.uuid));
    await markArchived(this.db, p.uuid);
    this.fileRoots.forget(p.uuid);
    return `The project ${p.name} has been archived.`;
  }

  /** Deletes every record and file except (by default) inputs and webhooks; labels, notes and settings stay. */
  async reset(cmd: ResetCommand): Promise<string> {
    const p = await this.views.require(cmd.project_uuid);
    if (await hasRunInProgress(this.db, p.uuid)) throw new DomainError(ERROR_CODES.refused, RUN_IN_PROGRESS('reset'));
    const restoredRuns: NewRun[] = cmd.restore_pipelines
      ? (await projectRuns(this.db, p.uuid)).map((run) => ({
          pipeline_name: run.pipeline_name, description: this.registry.get(run.pipeline_name)?.summary ?? '', selected_groups: run.selected_groups,
        }))
      : [];
    await resetProject(this.db, p.uuid, { keepInputs: cmd.keep_input, keepWebhooks: cmd.keep_webhook, restoredRuns });
    await this.storage.removePrefix(storageKeys.codebasePrefix(p.uuid));
    await this.storage.removePrefix(storageKeys.codebasePackPrefix(p.uuid));
    await this.storage.removePrefix(storageKeys.outputPrefix(p.uuid));
    if (!cmd.keep_input) await this.storage.removePrefix(storageKeys.inputPrefix(p.uuid));
    this.fileRoots.forget(p.uuid);
    if (cmd.restore_pipelines && cmd.execute_now) await this.runs.startNext(p.uuid);
    return `The ${p.name} project has been reset.`;
  }
}
