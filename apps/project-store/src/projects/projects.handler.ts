import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { PROJECT_RPC, RpcReply, RpcRequest } from '@sca/contracts';
import { PipelineRegistry } from '@sca/pipelines';
import { ProjectRpcHandler } from '../rpc/project-rpc-handler';
import { ProjectsService } from './projects.service';
import { ProjectViews } from './project-views.service';
import { FileContentService } from '../records/file-content.service';
import { MessagesService } from '../records/messages.service';

type P = typeof PROJECT_RPC;

/** RPC entry points for projects: thin, each one calls a service. */
@Controller()
export class ProjectsHandler {
  constructor(
    private readonly projects: ProjectsService,
    private readonly views: ProjectViews,
    private readonly messages: MessagesService,
    private readonly fileContent: FileContentService,
    private readonly registry: PipelineRegistry,
  ) {}

  @ProjectRpcHandler(PROJECT_RPC.list)
  list(@Payload() q: RpcRequest<P['list']>): Promise<RpcReply<P['list']>> {
    return this.views.list(q);
  }

  @ProjectRpcHandler(PROJECT_RPC.create)
  create(@Payload() cmd: RpcRequest<P['create']>): Promise<RpcReply<P['create']>> {
    return this.projects.create(cmd);
  }

  @ProjectRpcHandler(PROJECT_RPC.get)
  get(@Payload() ref: RpcRequest<P['get']>): Promise<RpcReply<P['get']>> {
    return this.views.detail(ref.project_uuid, ref.ctx.base_url);
  }

  @ProjectRpcHandler(PROJECT_RPC.exists)
  async exists(@Payload() ref: RpcRequest<P['exists']>): Promise<RpcReply<P['exists']>> {
    await this.views.require(ref.project_uuid);
    return {};
  }

  @ProjectRpcHandler(PROJECT_RPC.remove)
  async remove(@Payload() ref: RpcRequest<P['remove']>): Promise<RpcReply<P['remove']>> {
    await this.projects.remove(ref.project_uuid);
    return {};
  }

  /** Without inputs it only checks that inputs may be added: the gateway asks before it stores an upload. */
  @ProjectRpcHandler(PROJECT_RPC.addInput)
  async addInput(@Payload() cmd: RpcRequest<P['addInput']>): Promise<RpcReply<P['addInput']>> {
    if (cmd.input_urls.length === 0 && !cmd.upload) {
      await this.projects.checkCanAddInput(cmd.project_uuid);
      return { checked: true };
    }
    return { status: await this.projects.addInput(cmd) };
  }

  @ProjectRpcHandler(PROJECT_RPC.addPipeline)
  async addPipeline(@Payload() cmd: RpcRequest<P['addPipeline']>): Promise<RpcReply<P['addPipeline']>> {
    return { status: await this.projects.addPipeline(cmd) };
  }

  @ProjectRpcHandler(PROJECT_RPC.addWebhook)
  async addWebhook(@Payload() cmd: RpcRequest<P['addWebhook']>): Promise<RpcReply<P['addWebhook']>> {
    const created = await this.projects.addWebhook(cmd);
    // ScanCode.io's answer first; the secret is shown here only.
    return { status: 'Webhook added.', uuid: created.uuid, secret: created.secret };
  }

  @ProjectRpcHandler(PROJECT_RPC.archive)
  async archive(@Payload() cmd: RpcRequest<P['archive']>): Promise<RpcReply<P['archive']>> {
    return { status: await this.projects.archive(cmd) };
  }

  @ProjectRpcHandler(PROJECT_RPC.reset)
  async reset(@Payload() cmd: RpcRequest<P['reset']>): Promise<RpcReply<P['reset']>> {
    return { status: await this.projects.reset(cmd) };
  }

  @ProjectRpcHandler(PROJECT_RPC.fileContentLocation)
  fileContentLocation(@Payload() q: RpcRequest<P['fileContentLocation']>): Promise<RpcReply<P['fileContentLocation']>> {
    return this.fileContent.locate(q);
  }

  @ProjectRpcHandler(PROJECT_RPC.messages)
  listMessages(@Payload() q: RpcRequest<P['messages']>): Promise<RpcReply<P['messages']>> {
    return this.messages.list(q);
  }

  @ProjectRpcHandler(PROJECT_RPC.pipelines)
  pipelines(): RpcReply<P['pipelines']> {
    return this.registry.info();
  }
}
