import { writeFileSync } from 'node:fs';
import { classifyMisses, formatCopyrightAccuracy, measureCopyrightCorpus } from './measure-corpus';

/**
 * The corpus measure runs only with COPYRIGHT_CORPUS=/path/to/copyright-dev (the corpus lives
 * outside the repository), like the license corpus spec:
 *   COPYRIGHT_CORPUS=../shared/corpora/copyright-dev npx jest libs/scanner/src/copyright/accuracy
 * COPYRIGHT_FAILURES=/tmp/failures.json also writes the files whose sets differ.
 */
const corpus = process.env.COPYRIGHT_CORPUS;
const maybe = corpus ? it : it.skip;

describe('copyright accuracy on the development corpus', () => {
  maybe('reports, per kind, the share of files with exactly the expected set, and the kinds of miss', () => {
    const result = measureCopyrightCorpus(corpus ?? '');
    process.stdout.write(`${formatCopyrightAccuracy(result)}\n`);
    if (process.env.COPYRIGHT_FAILURES) writeFileSync(process.env.COPYRIGHT_FAILURES, JSON.stringify(result.failures, null, 1));
    for (const kind of result.kinds) expect(kind.files).toBeGreaterThan(0);
  }, 600_000);

  it('sorts differences into kinds of miss', () => {
    expect(classifyMisses(['Microsoft Corporation'], ['Microsoft Corporation.']).map((m) => m.category)).toEqual(['trailing punctuation']);
    expect(classifyMisses(['Sam Leffler, Errno Consulting, Atheros Communications, Inc.'], ['Sam Leffler, Errno Consulting, Atheros']).map((m) => m.category)).toEqual(['cut short']);
    expect(classifyMisses(['Acme'], ['Acme Inc. GCC']).map((m) => m.category)).toEqual(['run on']);
    expect(classifyMisses(['OISTE Foundation'], []).map((m) => m.category)).toEqual(['not found']);
    expect(classifyMisses([], ['DOCUMENTATION ISC-LICENSE CHANGES']).map((m) => m.category)).toEqual(['false positive']);
  });
});
