import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real source tree installed from the npm registry (`npm install` of pinned versions, scripts
 * off), kept under the machine's temp directory between test runs: the npm cache makes a second
 * install fast, and the tree itself is reused when it is already there.
 */
export function npmRegistryTree(name: string, packages: string[]): string {
  const key = createHash('sha1').update(JSON.stringify(packages)).digest('hex').slice(0, 12);
  const root = join(tmpdir(), 'scanworks-registry-trees', `${name}-${key}`);
  const dir = join(root, name);
  if (existsSync(join(dir, 'package-lock.json'))) return dir;
  mkdirSync(root, { recursive: true });
  const staging = mkdtempSync(join(root, '.staging-'));
  const stagingDir = join(staging, name);
  mkdirSync(stagingDir);
  writeFileSync(join(stagingDir, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true }, null, 2));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', '--save-exact', ...packages], { cwd: stagingDir, stdio: 'ignore' });
  // Renamed into place only when complete, so an interrupted install is never reused.
  rmSync(dir, { recursive: true, force: true });
  renameSync(stagingDir, dir);
  rmSync(staging, { recursive: true, force: true });
  return dir;
}

/** The tree packed as `<name>.tar.gz` in a fresh temp directory (the tree's own folder is the archive's top level). */
export function tarballOf(dir: string, name: string): string {
  const out = join(mkdtempSync(join(tmpdir(), 'registry-tarball-')), `${name}.tar.gz`);
  execFileSync('tar', ['-czf', out, '-C', join(dir, '..'), name]);
  return out;
}
