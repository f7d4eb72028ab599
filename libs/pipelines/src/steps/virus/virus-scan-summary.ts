import type { ClamdVersion } from '@sca/scanner';

/** What a scan_for_virus run counted: every file resource ends in exactly one of the last four. */
export interface VirusScanCounts {
  files: number;
  /** clamd answered OK or FOUND. */
  scanned: number;
  infected: number;
  /** clamd answered an error about the file, or it could not be read or sent. */
  errors: number;
  /** Never given to clamd: larger than StreamMaxLength, excluded by clamd, or no stored content. */
  notScanned: number;
}

/** The project's `extra_data.virus_scan`: the last scan_for_virus run, completed or failed. */
export interface VirusScanSummary {
  status: 'completed' | 'failed';
  clamd_version: string;
  signature_database_version: number | null;
  signature_database_date: string | null;
  mode: 'INSTREAM' | 'CONTSCAN';
  connections: number;
  files: number;
  files_scanned: number;
  infected: number;
  errors: number;
  not_scanned: number;
  /** Why the run failed (failed only). */
  error?: string;
}

export function virusScanSummary(version: ClamdVersion, mode: VirusScanSummary['mode'], connections: number, counts: VirusScanCounts, error?: string): VirusScanSummary {
  return {
    status: error === undefined ? 'completed' : 'failed',
    clamd_version: version.text,
    signature_database_version: version.databaseVersion,
    signature_database_date: version.databaseDate,
    mode,
    connections,
    files: counts.files,
    files_scanned: counts.scanned,
    infected: counts.infected,
    errors: counts.errors,
    not_scanned: counts.notScanned,
    ...(error === undefined ? {} : { error }),
  };
}

/** The run log's line about a finished scan. */
export function virusScanLogLine(s: VirusScanSummary): string {
  const database = s.signature_database_version === null ? 'no official signature database version' : `signature database ${s.signature_database_version} (${s.signature_database_date})`;
  return (
    `${s.status === 'completed' ? 'Scanned' : 'Scan failed after'} ${s.files_scanned} of ${s.files} files with ${s.clamd_version} (${database}; ${s.mode}, ${s.connections} connections): ` +
    `infected ${s.infected}, errors ${s.errors}, not scanned ${s.not_scanned}`
  );
}

/** A completed scan accounts for every file once; anything else is a bug that must fail the run, not pass as clean. */
export function unaccountedFiles(c: VirusScanCounts): string | null {
  const accounted = c.scanned + c.errors + c.notScanned;
  return accounted === c.files ? null : `${accounted} of ${c.files} files have a verdict (${c.scanned} scanned, ${c.errors} errors, ${c.notScanned} not scanned)`;
}
