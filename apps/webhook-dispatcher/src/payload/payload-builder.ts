import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import got from 'got';
import { PROJECT_RPC, RpcReply, RpcRequest, SERVICES } from '@sca/contracts';
import { MessageBus } from '@sca/messaging';
import { OBJECT_STORAGE, ObjectStorage, readLatestSummary } from '@sca/storage';
import { WebhookDispatcherConfig } from '../config/webhook-dispatcher.config';
import { BodySigner } from '../deliveries/signature';

const RPC_TIMEOUT_MS = 15_000;

/** What ScanCode.io's payload leaves out of the serializers it reuses (reference §6.3). */
const PROJECT_OMITTED = ['url', 'runs'];
const RUN_OMITTED = ['url', 'project', 'current_step', 'progress'];

const omit = (value: object, keys: string[]): Record<string, unknown> => Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k)));

export interface PayloadParts {
  project: Record<string, unknown>;
  run: Record<string, unknown>;
  summary?: unknown;
}

/** How long the parts of one run's payload are reused: every subscription of a run gets the same. */
const PARTS_TTL_MS = 5_000;
const PARTS_CACHE_SIZE = 100;

/** Builds a delivery's payload: project and run from project-store, summary from storage, results from reporting. */
@Injectable()
export class PayloadBuilder {
  private readonly recent = new Map<string, { at: number; parts: Promise<PayloadParts> }>();

  constructor(
    private readonly bus: MessageBus,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly config: WebhookDispatcherConfig,
  ) {}

  /** The parts of a run's payload, shared for a few seconds by the deliveries of that run. */
  parts(projectUuid: string, runUuid: string, includeSummary: boolean): Promise<PayloadParts> {
    const key = `${projectUuid}:${runUuid}:${includeSummary}`;
    const now = Date.now();
    const hit = this.recent.get(key);
    if (hit && now - hit.at < PARTS_TTL_MS) return hit.parts;
    const parts = this.build(projectUuid, runUuid, includeSummary);
    this.recent.set(key, { at: now, parts });
    // A failed build is not kept: the next attempt asks again.
    parts.catch(() => this.recent.delete(key));
    if (this.recent.size > PARTS_CACHE_SIZE) this.recent.delete(this.recent.keys().next().value as string);
    return parts;
  }

  private async build(projectUuid: string, runUuid: string, includeSummary: boolean): Promise<PayloadParts> {
    // An empty base URL gives the relative `results_url` and `summary_url` ScanCode.io sends.
    const ctx = { base_url: '' };
    const projectRef: RpcRequest<typeof PROJECT_RPC.get> = { ctx, project_uuid: projectUuid };
    const runRef: RpcRequest<typeof PROJECT_RPC.runGet> = { ctx, run_uuid: runUuid };
    const [project, run] = await Promise.all([
      this.bus.request<RpcReply<typeof PROJECT_RPC.get>>(SERVICES.projectStore, PROJECT_RPC.get, projectRef, RPC_TIMEOUT_MS),
      this.bus.request<RpcReply<typeof PROJECT_RPC.runGet>>(SERVICES.projectStore, PROJECT_RPC.runGet, runRef, RPC_TIMEOUT_MS),
    ]);
    const parts: PayloadParts = { project: omit(project, PROJECT_OMITTED), run: omit(run, RUN_OMITTED) };
    if (includeSummary) parts.summary = await this.summary(projectUuid);
    return parts;
  }

  /** The newest `*summary*.json` of output/, or `{}` (ScanCode.io). */
  private async summary(projectUuid: string): Promise<unknown> {
    return (await readLatestSummary(this.storage, projectUuid).catch(() => undefined)) ?? {};
  }

  /**
   * Writes `{...parts, "results": <results document>}` to `path`, streaming the results from
   * reporting and signing every byte on the way; returns the body size.
   */
  async writeWithResults(parts: PayloadParts, projectUuid: string, path: string, signer: BodySigner): Promise<number> {
    const url = `${this.config.REPORTING_URL}/internal/projects/${encodeURIComponent(projectUuid)}/results`;
    const head = JSON.stringify(parts);
    async function* body(): AsyncGenerator<Buffer> {
      yield Buffer.from(`${head.slice(0, -1)},"results":`);
      for await (const chunk of got.stream(url, { retry: { limit: 0 } })) yield chunk as Buffer;
      yield Buffer.from('}');
    }
    async function* signed(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
      for await (const chunk of source) {
        signer.update(chunk);
        yield chunk;
      }
    }
    await pipeline(signed(body()), createWriteStream(path));
    return (await stat(path)).size;
  }
}
