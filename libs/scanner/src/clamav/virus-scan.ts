import { setTimeout as sleep } from 'node:timers/promises';
import { forEachBounded } from './bounded-tasks';
import { ClamdClient } from './clamd-client';
import { ClamdConnectionError, ClamdUnavailableError } from './clamd-errors';
import { StreamSourceError } from './clamd-exchange';
import { ClamdVersion, ScanReply } from './clamd-protocol';

/**
 * A file to scan: its path in the codebase, its size, and its bytes in memory or where it is
 * on this host (CONTSCAN needs the path; INSTREAM takes either). A file over the stream limit
 * needs neither: it is not given to clamd.
 */
export interface VirusScanFile {
  path: string;
  size: number;
  absPath?: string;
  data?: Buffer;
}

/** What became of one file: only `clean` and `infected` mean clamd scanned it. */
export type VirusVerdict =
  | { path: string; outcome: 'clean' }
  | { path: string; outcome: 'infected'; signature: string }
  /** clamd answered with an error about the file, or it could not be read or sent. */
  | { path: string; outcome: 'error'; reason: string }
  /** Not given to clamd (larger than it accepts) or skipped by clamd (ExcludePath). */
  | { path: string; outcome: 'not-scanned'; reason: string };

export interface VirusScanOptions {
  client: ClamdClient;
  /** clamd opens the files itself (CONTSCAN of their paths) instead of receiving their bytes (INSTREAM). */
  sharedFilesystem: boolean;
  /** clamd's StreamMaxLength (and MaxFileSize): larger files are not sent, and are reported so. */
  streamMaxLength: number;
  /** Files scanned at once, each on its own connection. */
  connections: number;
  /** Attempts after the first when the connection to clamd fails. */
  retries: number;
  /** The wait before the first retry; it doubles at each retry. */
  retryDelayMs: number;
  signal?: AbortSignal;
  /** Called once per file, as verdicts come (not in input order). */
  onVerdict(verdict: VirusVerdict): Promise<void> | void;
}

function verdictOf(path: string, reply: ScanReply): VirusVerdict {
  switch (reply.status) {
    case 'OK':
      return { path, outcome: 'clean' };
    case 'FOUND':
      return { path, outcome: 'infected', signature: reply.signature };
    case 'ERROR':
      return { path, outcome: 'error', reason: `clamd could not scan the file: ${reply.message}` };
    case 'EXCLUDED':
      return { path, outcome: 'not-scanned', reason: 'excluded by clamd (ExcludePath)' };
    default: {
      const never: never = reply;
      throw new Error(`unhandled clamd reply ${JSON.stringify(never)}`);
    }
  }
}

/**
 * Scans files through clamd, `connections` at a time, and reports a verdict for every file.
 * A broken connection is retried with a growing delay. When the retries run out, clamd is asked
 * for PONG: if it answers, the file itself breaks the connection (an error about the file);
 * if not, the scan fails with ClamdUnavailableError, and no verdict follows.
 */
export async function scanFilesForViruses(files: AsyncIterable<VirusScanFile> | Iterable<VirusScanFile>, opts: VirusScanOptions): Promise<void> {
  const { client, signal } = opts;
  const scanOnce = (file: VirusScanFile): Promise<ScanReply> => {
    if (opts.sharedFilesystem && file.absPath !== undefined) return client.scanPath(file.absPath, signal);
    if (!opts.sharedFilesystem && file.data !== undefined) return client.scanStream(file.data, signal);
    if (!opts.sharedFilesystem && file.absPath !== undefined) return client.scanFileContent(file.absPath, file.size, signal);
    throw new Error(`${file.path}: nothing to give clamd (${opts.sharedFilesystem ? 'CONTSCAN needs the file on disk' : 'no bytes and no path'})`);
  };

  async function scan(file: VirusScanFile): Promise<VirusVerdict> {
    if (file.size > opts.streamMaxLength) {
      return { path: file.path, outcome: 'not-scanned', reason: `${file.size} bytes, more than clamd accepts (StreamMaxLength ${opts.streamMaxLength} bytes)` };
    }
    let lastReason = '';
    for (let attempt = 0; attempt <= opts.retries; attempt++) {
      if (attempt > 0) await sleep(opts.retryDelayMs * 2 ** (attempt - 1), undefined, { signal });
      try {
        return verdictOf(file.path, await scanOnce(file));
      } catch (error) {
        if (error instanceof StreamSourceError) return { path: file.path, outcome: 'error', reason: `the file could not be read: ${error.message}` };
        if (!(error instanceof ClamdConnectionError)) throw error;
        lastReason = error.reason;
      }
    }
    const alive = await client.ping(signal).then(() => true, () => false);
    if (alive) return { path: file.path, outcome: 'error', reason: `clamd dropped the connection ${opts.retries + 1} times while scanning the file (${lastReason})` };
    throw new ClamdUnavailableError(client.address, opts.retries + 1, lastReason, `while scanning ${file.path}`);
  }

  await forEachBounded(files, opts.connections, async (file) => {
    signal?.throwIfAborted();
    await opts.onVerdict(await scan(file));
  });
}

/** clamd's VERSION, with the same retries as a file: the first contact, and the database the scan ran with. */
export async function clamdVersionWithRetries(client: ClamdClient, retries: number, retryDelayMs: number, signal?: AbortSignal): Promise<ClamdVersion> {
  let lastReason = '';
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(retryDelayMs * 2 ** (attempt - 1), undefined, { signal });
    try {
      return await client.version(signal);
    } catch (error) {
      if (!(error instanceof ClamdConnectionError)) throw error;
      lastReason = error.reason;
    }
  }
  throw new ClamdUnavailableError(client.address, retries + 1, lastReason, 'to VERSION');
}
