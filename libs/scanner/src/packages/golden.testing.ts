/**
 * Golden-file support for parser tests: `expectGolden(actual, file)` compares with the committed
 * JSON. REGEN_GOLDEN=1 writes the file instead (review the diff before committing); a missing
 * golden file fails the test.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export function expectGolden(actual: unknown, expectedFile: string): void {
  const json = JSON.stringify(actual, null, 2) + '\n';
  if (process.env['REGEN_GOLDEN'] === '1') {
    writeFileSync(expectedFile, json);
    return;
  }
  if (!existsSync(expectedFile)) throw new Error(`missing golden file ${expectedFile} (run with REGEN_GOLDEN=1 and review it)`);
  expect(JSON.parse(json)).toEqual(JSON.parse(readFileSync(expectedFile, 'utf8')));
}
