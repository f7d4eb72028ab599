import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The pipelines' test inputs (ScanCode.io's test data and small projects), shared by the in-process and end-to-end tests. */
export const PIPELINE_TESTDATA = join(__dirname, '..', '..', '..', 'pipelines', 'testdata');
export const PIPELINE_INPUTS = join(PIPELINE_TESTDATA, 'inputs');

/** testdata/inputs/npm-project (package.json with its lockfile) packed as a fresh demo-app.tar.gz. */
export function npmProjectTarball(): string {
  const out = join(mkdtempSync(join(tmpdir(), 'npm-project-')), 'demo-app.tar.gz');
  execFileSync('tar', ['-czf', out, '-C', PIPELINE_INPUTS, 'npm-project']);
  return out;
}
