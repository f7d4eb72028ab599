import { writeFileSync } from 'node:fs';
import { sharedCorpus } from '@sca/testing';
import { formatAccuracy, measureCorpus } from './measure-corpus';

/**
 * ScanCode's license-dev corpus lives outside the repository, in ../shared (CI has it); this runs
 * when it is there, or on LICENSE_CORPUS=/path/to/license-dev:
 *   LICENSE_CORPUS=../shared/corpora/license-dev npx jest libs/scanner/src/license/accuracy
 * LICENSE_FAILURES=/tmp/failures.json also writes the files whose license sets differ.
 */
const corpus = process.env.LICENSE_CORPUS ?? sharedCorpus('license-dev');
const maybe = corpus ? it : it.skip;

/** Files whose set of ScanCode license keys equals ScanCode's expected set (93.6% when the LicenseDB engine landed). */
const MIN_ACCURACY_PERCENT = 90;

describe('license accuracy on the development corpus', () => {
  maybe('detects exactly ScanCode\'s license keys in 90% of the files or more', () => {
    const result = measureCorpus(corpus ?? '');
    process.stdout.write(`${formatAccuracy(result)}\n`);
    if (process.env.LICENSE_FAILURES) writeFileSync(process.env.LICENSE_FAILURES, JSON.stringify(result.failures, null, 1));
    expect(result.total.files).toBeGreaterThan(2000);
    expect(result.total.percent).toBeGreaterThanOrEqual(MIN_ACCURACY_PERCENT);
  }, 600_000);
});
