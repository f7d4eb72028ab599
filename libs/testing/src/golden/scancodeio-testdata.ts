import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findShared } from './shared-paths';

/** `shared/scancodeio-testdata` beside the repository (see findShared), or SCANCODEIO_TESTDATA. */
function locate(): string {
  if (process.env['SCANCODEIO_TESTDATA']) return resolve(process.env['SCANCODEIO_TESTDATA']);
  const found = findShared('scancodeio-testdata');
  if (found) return found;
  throw new Error('ScanCode.io test data not found: expected ../shared/scancodeio-testdata beside the repository (or set SCANCODEIO_TESTDATA)');
}

let located: string | null = null;

/**
 * A path in ScanCode.io's own test data, read in place from `../shared/scancodeio-testdata`
 * beside the repository (where CI lays it), or from SCANCODEIO_TESTDATA; never copied into the
 * repository. Located at the first call, so that importing the test helpers never needs it.
 */
export const scancodeioTestdata = (...parts: string[]): string => join((located ??= locate()), ...parts);

export const readScancodeioJson = <T>(...parts: string[]): T => JSON.parse(readFileSync(scancodeioTestdata(...parts), 'utf8')) as T;
