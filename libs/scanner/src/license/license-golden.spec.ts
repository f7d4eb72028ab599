import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { textLines } from '../text';
import { detectLicenses } from './detect-licenses';

/**
 * Golden tests: each fixture's scan is compared with its committed `<name>.expected.json`.
 * After an intended change, regenerate with UPDATE_GOLDEN=1 and review the diff.
 */
const dir = join(__dirname, 'fixtures');
const fixtures = readdirSync(dir).filter((f) => !f.endsWith('.expected.json'));

describe('license detection golden files', () => {
  it.each(fixtures)('%s', (name) => {
    const scan = detectLicenses(textLines(readFileSync(join(dir, name))), { path: name, includeText: true });
    const expectedPath = join(dir, `${name}.expected.json`);
    if (process.env.UPDATE_GOLDEN || !existsSync(expectedPath)) writeFileSync(expectedPath, `${JSON.stringify(scan, null, 2)}\n`);
    expect(scan).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));
  });
});
