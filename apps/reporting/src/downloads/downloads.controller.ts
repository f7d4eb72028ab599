import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { Controller, Get, Inject, Logger, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { contentTypeFor, outputTimestamp, safeFilename } from '@sca/formats';
import { OBJECT_STORAGE, ObjectStorage, storageKeys } from '@sca/storage';
import { ProjectLoader } from '../projects/project-loader';
import { requireProject } from '../projects/require-project';
import { DownloadRequestError, isFileFormat, parseDownloadRequest } from './download-request';
import { FILE_FORMATS, OutputGenerator } from './output-generator';
import { sendBody, withTempDir } from './send-body';
import { lastValue, type QueryValue } from '../http/query-value';
import { ZipEntry, zipStream } from './zip-stream';

type RawQuery = Record<string, QueryValue>;

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
    const project = await requireProject(this.loader, uuid, res);
    if (!project) return;
    const input = await this.outputs.reportInput(project);
    await sendBody(res, 'application/json', null, () => Readable.from(this.outputs.resultsJson(input)), this.logger);
  }

  @Get('results_download')
  async download(@Param('uuid') uuid: string, @Query() query: RawQuery, @Res() res: Response): Promise<void> {
    let request;
    try {
      request = parseDownloadRequest(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, lastValue(v)])));
    } catch (error) {
      if (!(error instanceof DownloadRequestError)) throw error;
      res.status(400).json({ status: error.message });
      return;
    }
    const project = await requireProject(this.loader, uuid, res);
    if (!project) return;
    const name = project.name;
    if (request.format === 'all_outputs') {
      const entries = await this.outputEntries(project.uuid);
      await sendBody(res, 'application/zip', zipDownloadName(name), () => zipStream(entries) as Readable, this.logger);
      return;
    }
    const input = await this.outputs.reportInput(project);
    if (request.format === 'json') {
      await sendBody(res, 'application/json', `scancodeio_${safeFilename(name)}.json`, () => Readable.from(this.outputs.resultsJson(input)), this.logger);
      return;
    }
    const { format, options } = request;
    await withTempDir('reporting-', async (dir) => {
      if (isFileFormat(format)) {
        const out = await this.outputs.generate(project, input, format, options, dir);
        await sendBody(res, contentTypeFor(out.filename), safeFilename(`scancodeio_${name}_${out.filename}`), () => createReadStream(out.path), this.logger);
        return;
      }
      const stamp = outputTimestamp();
      const entries: ZipEntry[] = [];
      for (const each of FILE_FORMATS) {
        const out = await this.outputs.generate(project, input, each, options, dir, stamp);
        entries.push({ name: safeFilename(`${name}_${out.filename}`), path: out.path });
      }
      await sendBody(res, 'application/zip', zipDownloadName(name), () => zipStream(entries) as Readable, this.logger);
    });
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
}

/** `scancodeio_<name>_<name>_outputs.zip`: ScanCode.io applies safe_filename twice. */
function zipDownloadName(projectName: string): string {
  return safeFilename(`scancodeio_${projectName}_${safeFilename(`${projectName}_outputs.zip`)}`);
}
