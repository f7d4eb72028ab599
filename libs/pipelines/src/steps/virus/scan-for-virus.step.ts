import {
  ClamdClient, ClamdConnectionError, ClamdProtocolError, ClamdUnavailableError, clamdVersionWithRetries, ClamdVersion, describeClamd, scanFilesForViruses,
} from '@sca/scanner';
import { defineStep } from '../../framework/define';
import { ensureAllWritten } from '../../framework/run-step';
import type { StepContext } from '../../framework/step-context';
import { VirusFindings } from './virus-findings';
import { restoredFiles, streamedFiles } from './virus-scan-sources';
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
 * Scans every file of the codebase with clamd, `ctx.clamd.connections` at a time. A run starts
 * with an empty codebase/: the files come from the stored codebase, streamed from its packs
 * straight to clamd (INSTREAM), or restored into the run's tmp/ for clamd to open (CONTSCAN)
 * when it shares the file system (virus-scan-sources.ts).
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

  const total = await ctx.resources.countFiles();
  const findings = new VirusFindings(ctx, total);
  const notStored: string[] = [];
  let done = 0;
  const summary = (error?: string): VirusScanSummary => virusScanSummary(version, mode, settings.connections, findings.counts, error);
  try {
    const files = settings.sharedFilesystem ? await restoredFiles(ctx, notStored) : streamedFiles(ctx, settings.streamMaxLength, notStored);
    await scanFilesForViruses(files, {
      client,
      sharedFilesystem: settings.sharedFilesystem,
      streamMaxLength: settings.streamMaxLength,
      connections: settings.connections,
      retries: settings.retries,
      retryDelayMs: settings.retryDelayMs,
      signal: ctx.signal,
      onVerdict: async (verdict) => {
        await findings.add(verdict);
        ctx.progress(++done, total);
      },
    });
    // The files without stored bytes come last from the codebase: known once the scan is over.
    await findings.notStored(notStored);
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
