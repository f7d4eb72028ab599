import { writeFileSync } from 'node:fs';
import { sharedCorpus } from '@sca/testing';
import { classifyMisses, formatCopyrightAccuracy, measureCopyrightCorpus } from './measure-corpus';

/**
 * ScanCode's copyright-dev corpus lives outside the repository, in ../shared (CI has it); the
 * measure runs when it is there, or on COPYRIGHT_CORPUS=/path/to/copyright-dev:
 *   COPYRIGHT_CORPUS=../shared/corpora/copyright-dev npx jest libs/scanner/src/copyright/accuracy
 * COPYRIGHT_FAILURES=/tmp/failures.json also writes the files whose sets differ.
 */
const corpus = process.env.COPYRIGHT_CORPUS ?? sharedCorpus('copyright-dev');
/** Files with exactly ScanCode's expected set, per kind (98.1% copyrights, 98.6% holders, 99.0% authors in stop 27). */
const MIN_ACCURACY_PERCENT = 90;
const maybe = corpus ? it : it.skip;

describe('copyright accuracy on the development corpus', () => {
  maybe('finds exactly ScanCode\'s copyrights, holders and authors in 90% of the files or more, and reports the kinds of miss', () => {
    const result = measureCopyrightCorpus(corpus ?? '');
    process.stdout.write(`${formatCopyrightAccuracy(result)}\n`);
    if (process.env.COPYRIGHT_FAILURES) writeFileSync(process.env.COPYRIGHT_FAILURES, JSON.stringify(result.failures, null, 1));
    for (const kind of result.kinds) {
      expect(kind.files).toBeGreaterThan(1000);
      expect(kind.percent).toBeGreaterThanOrEqual(MIN_ACCURACY_PERCENT);
    }
  }, 600_000);

  it('sorts differences into kinds of miss', () => {
    expect(classifyMisses(['Microsoft Corporation'], ['Microsoft Corporation.']).map((m) => m.category)).toEqual(['trailing punctuation']);
    expect(classifyMisses(['Sam Leffler, Errno Consulting, Atheros Communications, Inc.'], ['Sam Leffler, Errno Consulting, Atheros']).map((m) => m.category)).toEqual(['cut short']);
    expect(classifyMisses(['Acme'], ['Acme Inc. GCC']).map((m) => m.category)).toEqual(['run on']);
    expect(classifyMisses(['OISTE Foundation'], []).map((m) => m.category)).toEqual(['not found']);
    expect(classifyMisses([], ['DOCUMENTATION ISC-LICENSE CHANGES']).map((m) => m.category)).toEqual(['false positive']);
  });
});
