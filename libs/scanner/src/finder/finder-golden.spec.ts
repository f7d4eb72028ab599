import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { textLines } from '../text';
import { findEmails, findUrls } from './index';

/**
 * Golden tests: every fixture in testdata/ is scanned and compared with the JSON committed
 * beside it. `UPDATE_GOLDEN=1 npx jest libs/scanner/src/finder` rewrites the expectations
 * (review the diff before committing).
 */
const dir = join(__dirname, 'testdata');
const fixtures = readdirSync(dir).filter((f) => !f.endsWith('.expected.json'));

describe('findEmails and findUrls golden files', () => {
  it('has fixtures', () => expect(fixtures.length).toBeGreaterThanOrEqual(4));

  it.each(fixtures)('%s', (name) => {
    const lines = textLines(readFileSync(join(dir, name)));
    const actual = { emails: findEmails(lines), urls: findUrls(lines) };
    const expectedPath = join(dir, `${name}.expected.json`);
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(expectedPath, `${JSON.stringify(actual, null, 2)}\n`);
    expect(actual).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));
  });
});
