/** Fixture loading for the SBOM import specs. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSbom } from './parse-sbom';
import type { SbomImportResult, SbomPackage } from './types';

export function fixture(name: string): Buffer {
  return readFileSync(join(__dirname, 'testdata', name));
}

export function parseFixture(name: string): SbomImportResult {
  return parseSbom(`/input/${name}`, fixture(name));
}

export function byUid(result: SbomImportResult, uid: string): SbomPackage {
  const found = result.packages.find((p) => p.package_uid === uid);
  if (!found) throw new Error(`no package ${uid}`);
  return found;
}

export function edges(result: SbomImportResult): string[] {
  return result.dependencies.map((d) => `${d.from} -> ${d.to}`);
}
