import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AddInputCommand, AddPipelineCommand, AddWebhookCommand, ArchiveCommand, CreateProjectCommand, FileContentQuery,
  MessagesQuery, PROJECT_RPC, ProjectListQuery, ProjectRef, ResetCommand,
} from '@sca/contracts';
import { PipelineRegistry } from '@sca/pipelines';
import { ProjectsService } from './projects.service';
import { FileContentService } from '../records/file-content.service';
import { MessagesService } from '../records/messages.service';

/** RPC entry points for projects: thin, each one calls a service. */
@Controller()
export class ProjectsHandler {
  constructor(
    private readonly projects: ProjectsService,
    private readonly messages: MessagesService,
    private readonly fileContent: FileContentService,
    private readonly registry: PipelineRegistry,
  ) {}

  @MessagePattern(PROJECT_RPC.list)
  list(@Payload() q: ProjectListQuery) {
    return this.projects.list(q);
  }

  @MessagePattern(PROJECT_RPC.create)
  create(@Payload() cmd: CreateProjectCommand) {
    return this.projects.create(cmd);
  }

  @MessagePattern(PROJECT_RPC.get)
  get(@Payload() ref: ProjectRef) {
    return this.projects.detail(ref.project_uuid, ref.ctx.base_url);
  }

  @MessagePattern(PROJECT_RPC.exists)
  async exists(@Payload() ref: ProjectRef) {
    await this.projects.require(ref.project_uuid);
    return {};
  }

  @MessagePattern(PROJECT_RPC.remove)
  async remove(@Payload() ref: ProjectRef) {
    await this.projects.remove(ref.project_uuid);
    return {};
  }

  @MessagePattern(PROJECT_RPC.addInput)
  async addInput(@Payload() cmd: AddInputCommand) {
    if (cmd.input_urls.length === 0 && !cmd.upload) {
      await this.projects.checkCanAddInput(cmd.project_uuid);
      return { checked: true };
    }
    return { status: await this.projects.addInput(cmd) };
  }

  @MessagePattern(PROJECT_RPC.addPipeline)
  async addPipeline(@Payload() cmd: AddPipelineCommand) {
    return { status: await this.projects.addPipeline(cmd) };
  }

  @MessagePattern(PROJECT_RPC.addWebhook)
  async addWebhook(@Payload() cmd: AddWebhookCommand) {
    const created = await this.projects.addWebhook(cmd);
    // ScanCode.io's answer first; the secret is shown here only.
    return { status: 'Webhook added.', uuid: created.uuid, secret: created.secret };
  }

  @MessagePattern(PROJECT_RPC.archive)
  async archive(@Payload() cmd: ArchiveCommand) {
    return { status: await this.projects.archive(cmd) };
  }

  @MessagePattern(PROJECT_RPC.reset)
  async reset(@Payload() cmd: ResetCommand) {
    return { status: await this.projects.reset(cmd) };
  }

  @MessagePattern(PROJECT_RPC.fileContentLocation)
  fileContentLocation(@Payload() q: FileContentQuery) {
    return this.fileContent.locate(q);
  }

  @MessagePattern(PROJECT_RPC.messages)
  listMessages(@Payload() q: MessagesQuery) {
    return this.messages.list(q);
  }

  @MessagePattern(PROJECT_RPC.pipelines)
  pipelines() {
    return this.registry.info();
  }
}
