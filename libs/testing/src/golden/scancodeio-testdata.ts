import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * ScanCode.io's own test data, read in place from `../shared/scancodeio-testdata` beside the
 * repository (where CI lays it), or from SCANCODEIO_TESTDATA; never copied into the repository.
 */
export const SCANCODEIO_TESTDATA_DIR = process.env['SCANCODEIO_TESTDATA'] ?? resolve(__dirname, '..', '..', '..', '..', '..', 'shared', 'scancodeio-testdata');

export const scancodeioTestdata = (...parts: string[]): string => join(SCANCODEIO_TESTDATA_DIR, ...parts);

export const readScancodeioJson = <T>(...parts: string[]): T => JSON.parse(readFileSync(scancodeioTestdata(...parts), 'utf8')) as T;
