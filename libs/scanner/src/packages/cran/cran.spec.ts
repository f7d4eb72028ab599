import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assemblePackages, CodebaseView } from '../assembly';
import { expectGolden } from '../golden.testing';
import { recognizePackageData } from '../recognize';
import { handlers } from './index';

const TESTDATA = join(__dirname, 'testdata');
const read = (rel: string) => readFileSync(join(TESTDATA, rel));

describe('cran_description', () => {
  it.each(['tidyish/DESCRIPTION', 'authorsr/DESCRIPTION'])('golden %s', (rel) => {
    const result = recognizePackageData(`codebase/${rel}`, read(rel), handlers);
    expect(result.errors).toEqual([]);
    expectGolden(result.packageData, join(TESTDATA, `${rel}.expected.json`));
  });

  it('throws on a broken DESCRIPTION', () => {
    expect(() => handlers[0].parse({ path: 'x/DESCRIPTION', content: Buffer.from('  Package: indented first\n') })).toThrow(/invalid header continuation/);
    expect(() => handlers[0].parse({ path: 'x/DESCRIPTION', content: Buffer.from('Package tidy\n') })).toThrow(/invalid header line/);
  });

  it('assembles a package linked to its DESCRIPTION', () => {
    const path = 'tidyish/DESCRIPTION';
    const view = new CodebaseView([{ path: 'tidyish', type: 'directory' }, { path, type: 'file', packageData: recognizePackageData(path, read(path), handlers).packageData }]);
    const ctx = assemblePackages(view, new Map(handlers.map((h) => [h.datasourceId, h])), () => 'uid');
    expect(ctx.packages.map((p) => p.purl)).toEqual(['pkg:cran/tidyish@1.3.0']);
    expect(ctx.dependencies.map((d) => `${d.scope}:${d.purl}`)).toEqual([
      'dependencies:pkg:cran/R', 'imports:pkg:cran/stats', 'imports:pkg:cran/utils', 'imports:pkg:cran/rlang', 'linkingto:pkg:cran/Rcpp', 'suggests:pkg:cran/testthat', 'suggests:pkg:cran/knitr',
    ]);
    expect([...ctx.links.keys()]).toEqual([path]);
  });
});
