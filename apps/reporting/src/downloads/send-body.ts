import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { LoggerService } from '@nestjs/common';
import type { Response } from 'express';
import { contentDisposition } from '@sca/formats';

/** Runs `work` in a fresh temporary directory, removed afterwards whatever happens. */
export async function withTempDir<T>(prefix: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Sends a body with backpressure; a failure after the headers went out cuts the connection. */
export async function sendBody(res: Response, type: string, attachment: string | null, body: () => Readable, logger: LoggerService): Promise<void> {
  res.status(200).type(type);
  if (attachment) res.setHeader('Content-Disposition', contentDisposition('attachment', attachment));
  try {
    await pipeline(body(), res);
  } catch (error) {
    logger.warn(`download interrupted: ${(error as Error).message}`);
    res.destroy(error as Error);
  }
}
