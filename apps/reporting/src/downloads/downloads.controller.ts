import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Controller, Get, Inject, Logger, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { PROJECT_NOT_FOUND } from '@sca/contracts';
import { OBJECT_STORAGE, ObjectStorage, storageKeys } from '@sca/storage';
import { ProjectLoader, ReportProjectRow } from '../projects/project-loader';
import { DownloadRequestError, isFileFormat, parseDownloadRequest } from './download-request';
import { FILE_FORMATS, OutputGenerator } from './output-generator';
import { contentDisposition, contentTypeFor, outputTimestamp, safeFilename } from '@sca/formats';
import { ZipEntry, zipStream } from './zip-stream';

type RawQuery = Record<string, string | string[] | undefined>;

/**
 * Internal HTTP streams of results and downloads (reference §3.5, §3.6, §8), proxied by the
 * gateway. Bodies can be large, so they travel over HTTP with backpressure, never over the broker.
 */
@Controller('internal/projects/:uuid')
export class DownloadsController {
  private readonly logger = new Logger(DownloadsController.name);

  constructor(
    private readonly loader: ProjectLoader,
    private readonly outputs: OutputGenerator,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** `results/`: the results document, streamed, without a Content-Disposition. */
  @Get('results')
  async results(@Param('uuid') uuid: string, @Res() res: Response): Promise<void> {
    const project = await this.project(uuid, res);
    if (!project) return;
    const input = await this.outputs.reportInput(project);
    await this.send(res, 'application/json', null, () => Readable.from(this.outputs.resultsJson(input)));
  }

  @Get('results_download')
  async download(@Param('uuid') uuid: string, @Query() query: RawQuery, @Res() res: Response): Promise<void> {
    let request;
    try {
      request = parseDownloadRequest(flatten(query));
    } catch (error) {
      if (!(error instanceof DownloadRequestError)) throw error;
      res.status(400).json({ status: error.message });
      return;
    }
    const project = await this.project(uuid, res);
    if (!project) return;
    const name = project.name;
    if (request.format === 'json') {
      const input = await this.outputs.reportInput(project);
      await this.send(res, 'application/json', `scancodeio_${safeFilename(name)}.json`, () => Readable.from(this.outputs.resultsJson(input)));
      return;
    }
    if (request.format === 'all_outputs') {
      const entries = await this.outputEntries(project.uuid);
      await this.send(res, 'application/zip', zipDownloadName(name), () => zipStream(entries) as Readable);
      return;
    }
    const dir = await mkdtemp(join(tmpdir(), 'reporting-'));
    try {
      if (isFileFormat(request.format)) {
        const out = await this.outputs.generate(project, request.format, request.options, dir);
        await this.send(res, contentTypeFor(out.filename), safeFilename(`scancodeio_${name}_${out.filename}`), () => createReadStream(out.path));
      } else {
        const stamp = outputTimestamp();
        const entries: ZipEntry[] = [];
        for (const format of FILE_FORMATS) {
          const out = await this.outputs.generate(project, format, request.options, dir, stamp);
          entries.push({ name: safeFilename(`${name}_${out.filename}`), path: out.path });
        }
        await this.send(res, 'application/zip', zipDownloadName(name), () => zipStream(entries) as Readable);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async project(uuid: string, res: Response): Promise<ReportProjectRow | null> {
    const project = await this.loader.find(uuid);
    if (!project) res.status(404).json({ detail: PROJECT_NOT_FOUND });
    return project;
  }

  /** The files of output/ (top level) as lazily opened zip entries that keep their names. */
  private async outputEntries(uuid: string): Promise<ZipEntry[]> {
    const prefix = storageKeys.outputPrefix(uuid);
    const entries: ZipEntry[] = [];
    for await (const object of this.storage.list(prefix)) {
      const name = object.key.slice(prefix.length);
      if (name && !name.includes('/')) entries.push({ name, open: () => this.storage.getStream(object.key) });
    }
    return entries;
  }

  /** Sends a body with backpressure; a failure after the headers went out cuts the connection. */
  private async send(res: Response, type: string, attachment: string | null, body: () => Readable): Promise<void> {
    res.status(200).type(type);
    if (attachment) res.setHeader('Content-Disposition', contentDisposition('attachment', attachment));
    try {
      await pipeline(body(), res);
    } catch (error) {
      this.logger.warn(`download interrupted: ${(error as Error).message}`);
      res.destroy(error as Error);
    }
  }
}

/** `scancodeio_<name>_<name>_outputs.zip`: ScanCode.io applies safe_filename twice. */
function zipDownloadName(projectName: string): string {
  return safeFilename(`scancodeio_${projectName}_${safeFilename(`${projectName}_outputs.zip`)}`);
}

function flatten(query: RawQuery): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v[v.length - 1] : v]));
}
