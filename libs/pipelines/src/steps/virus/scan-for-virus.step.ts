import { join } from 'node:path';
import {
  ClamdClient, ClamdConnectionError, ClamdProtocolError, ClamdUnavailableError, clamdVersionWithRetries, ClamdVersion, describeClamd, scanFilesForViruses,
} from '@sca/scanner';
import { defineStep } from '../../framework/define';
import { restoreCodebase } from '../../framework/restore-codebase';
import { ensureAllWritten } from '../../framework/run-step';
import type { StepContext } from '../../framework/step-context';
import { VirusFindings } from './virus-findings';
import { unaccountedFiles, virusScanLogLine, virusScanSummary, VirusScanSummary } from './virus-scan-summary';

const STEP = 'scan_for_virus';

/** ScanCode.io's wording for a clamd failure, which fails the run. */
export class ClamavServiceError extends Error {
  constructor(cause: unknown) {
    super(`Error with the ClamAV service: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ClamavServiceError';
  }
}

/** What fails the run: a stop request stays one; clamd's failures get ScanCode.io's wording; anything else is itself. */
function failure(ctx: StepContext, error: unknown): Error {
  ctx.throwIfStopped();
  if (error instanceof ClamdUnavailableError || error instanceof ClamdConnectionError || error instanceof ClamdProtocolError) return new ClamavServiceError(error);
  return error instanceof Error ? error : new Error(String(error));
}

async function firstContact(ctx: StepContext, client: ClamdClient): Promise<ClamdVersion> {
  try {
    return await clamdVersionWithRetries(client, ctx.clamd.retries, ctx.clamd.retryDelayMs, ctx.signal);
  } catch (error) {
    throw failure(ctx, error);
  }
}

/**
 * Scans every file of the codebase with clamd. The files are restored from storage into the
 * run's tmp/ (a run starts with an empty codebase/), then streamed to clamd (INSTREAM), or
 * named to it (CONTSCAN) when it shares the file system; `ctx.clamd.connections` at a time.
 * Infected files get `extra_data.virus_report` and an error message each (virus-findings.ts).
 * A clamd that stays away through the retries fails the run, naming clamd; the project's
 * `extra_data.virus_scan` then says the scan failed, with what it had done. A completed scan
 * accounts for every file, and clears the virus reports of earlier runs from files now clean.
 */
export async function scanForVirus(ctx: StepContext): Promise<void> {
  const settings = ctx.clamd;
  const client = new ClamdClient(settings.address, { timeoutMs: settings.timeoutSeconds * 1000 });
  const mode = settings.sharedFilesystem ? 'CONTSCAN' : 'INSTREAM';
  const version = await firstContact(ctx, client);
  ctx.log(`Scanning with ${describeClamd(settings.address)}: ${version.text}, ${mode}, ${settings.connections} connections`);

  const restored = await restoreCodebase(ctx.resources, ctx.storage, join(ctx.dirs.tmp, 'virus-scan', 'codebase'));
  ctx.log(`Restored ${restored.files.length} files (${restored.bytes} bytes) of the stored codebase`);
  const total = restored.files.length + restored.notStored.length;
  const findings = new VirusFindings(ctx, total);
  await findings.notStored(restored.notStored);
  let done = 0;
  const summary = (error?: string): VirusScanSummary => virusScanSummary(version, mode, settings.connections, findings.counts, error);
  try {
    await scanFilesForViruses(restored.files, {
      client,
      sharedFilesystem: settings.sharedFilesystem,
      streamMaxLength: settings.streamMaxLength,
      connections: settings.connections,
      retries: settings.retries,
      retryDelayMs: settings.retryDelayMs,
      signal: ctx.signal,
      onVerdict: async (verdict) => {
        await findings.add(verdict);
        ctx.progress(++done, restored.files.length);
      },
    });
  } catch (error) {
    const failed = failure(ctx, error);
    // What was found before the failure is true and kept (when the database takes it); the
    // summary says the scan did not complete, and no earlier report is cleared.
    await findings.flush().catch(() => undefined);
    await ctx.updateProjectExtraData({ virus_scan: summary(failed.message) }).catch(() => undefined);
    ctx.log(virusScanLogLine(summary(failed.message)));
    throw failed;
  }
  ensureAllWritten(STEP, 'virus report', await findings.flush());
  const missing = unaccountedFiles(findings.counts);
  if (missing) throw new Error(`Step [${STEP}] did not complete: every file has a verdict, but ${missing}`);
  const cleared = await ctx.resources.removeExtraDataKey('virus_report', findings.notClean);
  if (cleared > 0) ctx.log(`Removed the virus report of earlier runs from ${cleared} file${cleared === 1 ? '' : 's'} now scanned clean`);
  await ctx.updateProjectExtraData({ virus_scan: summary() });
  ctx.log(virusScanLogLine(summary()));
}

export const scanForVirusStep = defineStep({
  name: STEP,
  doc: 'Run a ClamAV scan to detect virus infection.',
  run: scanForVirus,
});
