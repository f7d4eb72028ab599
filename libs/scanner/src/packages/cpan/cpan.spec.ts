import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assembleFixture, assemblySummary } from '../cargo/codebase-fixture.testing';
import { expectGolden } from '../golden.testing';
import { matchingHandlers } from '../recognize';
import { cpanMetaJsonHandler, cpanMetaYmlHandler, handlers } from './index';

const data = join(__dirname, 'testdata');
const read = (p: string) => readFileSync(join(data, p));

describe('cpan handlers', () => {
  it('match ScanCode path patterns', () => {
    expect(matchingHandlers('Dist/META.json', handlers).map((h) => h.datasourceId)).toEqual(['cpan_meta_json']);
    expect(matchingHandlers('META.yml', handlers).map((h) => h.datasourceId)).toEqual(['cpan_meta_yml']);
    expect(matchingHandlers('MYMETA.json', handlers)).toEqual([]);
  });

  it('parses META.json', () => {
    expectGolden(cpanMetaJsonHandler.parse({ path: 'Text-Tidy-Lite/META.json', content: read('Text-Tidy-Lite/META.json') }), join(data, 'Text-Tidy-Lite_META.json.expected.json'));
  });

  it('parses META.yml', () => {
    expectGolden(cpanMetaYmlHandler.parse({ path: 'Text-Tidy-Lite/META.yml', content: read('Text-Tidy-Lite/META.yml') }), join(data, 'Text-Tidy-Lite_META.yml.expected.json'));
  });

  it('names scopes alike in both formats', () => {
    const scopes = (pd: { dependencies: { scope: string | null }[] }) => [...new Set(pd.dependencies.map((d) => d.scope))].sort();
    const [json] = cpanMetaJsonHandler.parse({ path: 'META.json', content: read('Text-Tidy-Lite/META.json') });
    const [yml] = cpanMetaYmlHandler.parse({ path: 'META.yml', content: read('Text-Tidy-Lite/META.yml') });
    expect(scopes(json)).toEqual(['build_requires', 'configure_requires', 'develop_requires', 'recommends', 'requires', 'test_requires', 'test_suggests']);
    expect(scopes(yml)).toEqual(['build_requires', 'configure_requires', 'recommends', 'requires']);
  });

  it('throws clear messages on broken files', () => {
    expect(() => cpanMetaJsonHandler.parse({ path: 'META.json', content: Buffer.from('{"name": ') })).toThrow(/^invalid META.json: /);
    expect(() => cpanMetaYmlHandler.parse({ path: 'META.yml', content: Buffer.from('name: [x\n') })).toThrow(/^invalid META.yml: /);
    expect(() => cpanMetaYmlHandler.parse({ path: 'META.yml', content: Buffer.from('- a\n') })).toThrow('invalid META.yml: not a mapping');
  });

  it('assembles META.json and META.yml into one package linked to the distribution tree', () => {
    const ctx = assembleFixture(join(data, 'Text-Tidy-Lite'), handlers);
    expectGolden(assemblySummary(ctx), join(data, 'Text-Tidy-Lite.assembly.expected.json'));
    expect(ctx.packages.map((p) => [p.purl, p.datasource_ids])).toEqual([['pkg:cpan/Text-Tidy-Lite@0.07', ['cpan_meta_json', 'cpan_meta_yml']]]);
  });
});
