import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assemblePackages, CodebaseView } from '../assembly';
import { expectGolden } from '../golden.testing';
import { recognizePackageData } from '../recognize';
import type { DatafileHandler } from '../handler';
import { handlers } from './index';

const TESTDATA = join(__dirname, 'testdata');
const read = (rel: string) => readFileSync(join(TESTDATA, rel));
const handler = (id: string) => handlers.find((h) => h.datasourceId === id) as DatafileHandler;

describe('conda handlers', () => {
  it.each([
    ['conda_meta_yaml', 'recipe/conda.recipe/meta.yaml'],
    ['conda_yaml', 'env/environment.yml'],
  ])('%s golden %s', (id, rel) => {
    const result = recognizePackageData(`codebase/${rel}`, read(rel), handlers);
    expect(result.errors).toEqual([]);
    expect(result.packageData.map((p) => p.datasource_id)).toEqual([id]);
    expectGolden(result.packageData, join(TESTDATA, `${rel}.expected.json`));
  });

  it.each([
    ['conda_meta_yaml', 'x/meta.yaml', 'package:\n  name: [unclosed\n', /invalid meta.yaml YAML/],
    ['conda_yaml', 'environment.yaml', 'name: a\ndependencies: [\n', /invalid conda environment YAML/],
  ])('%s throws on a broken file', (id, path, content, message) => {
    expect(() => handler(id).parse({ path, content: Buffer.from(content) })).toThrow(message);
  });

  it('assembles a recipe with its project tree, and an environment file as a private package', () => {
    const files: Record<string, Buffer> = {
      'tinystats/conda.recipe/meta.yaml': read('recipe/conda.recipe/meta.yaml'),
      'tinystats/tinystats/__init__.py': Buffer.from(''),
      'tinystats/environment.yml': read('env/environment.yml'),
    };
    const view = new CodebaseView([
      { path: 'tinystats', type: 'directory' }, { path: 'tinystats/conda.recipe', type: 'directory' }, { path: 'tinystats/tinystats', type: 'directory' },
      ...Object.entries(files).map(([path, content]) => ({ path, type: 'file' as const, packageData: recognizePackageData(path, content, handlers).packageData })),
    ]);
    const ctx = assemblePackages(view, new Map(handlers.map((h) => [h.datasourceId, h])), () => 'uid');
    expect(ctx.packages.map((p) => [p.purl, p.is_private])).toEqual([['pkg:conda/tinystats@0.8.1', false], ['pkg:conda/analysis', true]]);
    expect(ctx.links.get('tinystats/tinystats/__init__.py')).toEqual(['pkg:conda/tinystats@0.8.1?uuid=uid']);
    expect(ctx.dependencies.filter((d) => d.datafile_path.endsWith('meta.yaml')).map((d) => [d.purl, d.scope, d.is_pinned])).toEqual([
      ['pkg:conda/setuptools', 'host', false], ['pkg:conda/numpy@1.26.0', 'run', false],
      ['pkg:conda/conda-forge/scipy@1.11.3', 'run', true], ['pkg:conda/pandas', 'run', false],
    ]);
  });
});
