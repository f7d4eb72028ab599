import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** e2e/fixtures/inputs/npm-project (package.json with its lockfile) packed as a fresh demo-app.tar.gz. */
export function npmProjectTarball(): string {
  const out = join(mkdtempSync(join(tmpdir(), 'npm-project-')), 'demo-app.tar.gz');
  execFileSync('tar', ['-czf', out, '-C', join(__dirname, '..', 'fixtures', 'inputs'), 'npm-project']);
  return out;
}
