import { unaccountedFiles, virusScanLogLine, virusScanSummary } from './virus-scan-summary';

const OFFICIAL = { text: 'ClamAV 1.4.6/27472/Tue Nov 25 08:35:37 2026', engine: '1.4.6', databaseVersion: 27472, databaseDate: 'Tue Nov 25 08:35:37 2026' };
const counts = { files: 10, scanned: 7, infected: 2, errors: 1, notScanned: 2 };

describe('virusScanSummary', () => {
  it('gives the project\'s extra_data.virus_scan, with the signature database version', () => {
    expect(virusScanSummary(OFFICIAL, 'INSTREAM', 4, counts)).toEqual({
      status: 'completed',
      clamd_version: OFFICIAL.text,
      signature_database_version: 27472,
      signature_database_date: 'Tue Nov 25 08:35:37 2026',
      mode: 'INSTREAM',
      connections: 4,
      files: 10,
      files_scanned: 7,
      infected: 2,
      errors: 1,
      not_scanned: 2,
    });
    expect(virusScanSummary(OFFICIAL, 'CONTSCAN', 2, counts, 'clamd went away')).toMatchObject({ status: 'failed', error: 'clamd went away', mode: 'CONTSCAN' });
  });

  it('says in the log line what was scanned and with which database', () => {
    expect(virusScanLogLine(virusScanSummary(OFFICIAL, 'INSTREAM', 4, counts))).toBe(
      'Scanned 7 of 10 files with ClamAV 1.4.6/27472/Tue Nov 25 08:35:37 2026 (signature database 27472 (Tue Nov 25 08:35:37 2026); INSTREAM, 4 connections): infected 2, errors 1, not scanned 2',
    );
    const unofficial = { text: 'ClamAV 1.4.6', engine: '1.4.6', databaseVersion: null, databaseDate: null };
    expect(virusScanLogLine(virusScanSummary(unofficial, 'INSTREAM', 1, counts, 'x'))).toMatch(/^Scan failed after 7 of 10 files with ClamAV 1\.4\.6 \(no official signature database version;/);
  });
});

describe('unaccountedFiles', () => {
  it('is null when every file has exactly one verdict, and says what is missing otherwise', () => {
    expect(unaccountedFiles(counts)).toBeNull();
    expect(unaccountedFiles({ ...counts, files: 11 })).toBe('10 of 11 files have a verdict (7 scanned, 1 errors, 2 not scanned)');
  });
});
