/**
 * ScanCode.io's own test data (scanpipe/tests/data), read in place from the workspace's
 * shared/ folder beside the repository (CI lays it there too), never copied into the repository.
 * SCANCODEIO_TESTDATA overrides the location.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

function locate(): string {
  if (process.env['SCANCODEIO_TESTDATA']) return resolve(process.env['SCANCODEIO_TESTDATA']);
  for (let dir = __dirname; dirname(dir) !== dir; dir = dirname(dir)) {
    const candidate = join(dirname(dir), 'shared', 'scancodeio-testdata');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('ScanCode.io test data not found: expected shared/scancodeio-testdata beside the repository (or set SCANCODEIO_TESTDATA)');
}

export const SCANCODEIO_TESTDATA = locate();

export function testdataPath(...parts: string[]): string {
  return join(SCANCODEIO_TESTDATA, ...parts);
}

export async function readExpectedJson<T = Record<string, unknown>>(...parts: string[]): Promise<T> {
  return JSON.parse(await readFile(testdataPath(...parts), 'utf8')) as T;
}
