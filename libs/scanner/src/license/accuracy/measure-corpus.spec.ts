import { writeFileSync } from 'node:fs';
import { formatAccuracy, measureCorpus } from './measure-corpus';

/**
 * Runs only with LICENSE_CORPUS=/path/to/license-dev (the corpus lives outside the repository):
 *   LICENSE_CORPUS=../shared/corpora/license-dev npx jest libs/scanner/src/license/accuracy
 * LICENSE_FAILURES=/tmp/failures.json also writes the files whose license sets differ.
 */
const corpus = process.env.LICENSE_CORPUS;
const maybe = corpus ? it : it.skip;

describe('license accuracy on the development corpus', () => {
  maybe('reports the share of files whose license set matches, per subfolder', () => {
    const result = measureCorpus(corpus ?? '');
    process.stdout.write(`${formatAccuracy(result)}\n`);
    if (process.env.LICENSE_FAILURES) writeFileSync(process.env.LICENSE_FAILURES, JSON.stringify(result.failures, null, 1));
    expect(result.total.files).toBeGreaterThan(0);
  }, 600_000);
});
