import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assembleFixture, assemblySummary } from '../cargo/codebase-fixture.testing';
import { expectGolden } from '../golden.testing';
import { matchingHandlers } from '../recognize';
import { handlers, pubspecLockHandler, pubspecYamlHandler } from './index';

const data = join(__dirname, 'testdata');
const read = (p: string) => readFileSync(join(data, p));

describe('dart pub handlers', () => {
  it('match ScanCode path patterns', () => {
    expect(matchingHandlers('app/pubspec.yaml', handlers).map((h) => h.datasourceId)).toEqual(['pubspec_yaml']);
    expect(matchingHandlers('pubspec.lock', handlers).map((h) => h.datasourceId)).toEqual(['pubspec_lock']);
  });

  it('parses pubspec.yaml', () => {
    expectGolden(pubspecYamlHandler.parse({ path: 'weather_app/pubspec.yaml', content: read('weather_app/pubspec.yaml') }), join(data, 'weather_app_pubspec.yaml.expected.json'));
  });

  it('parses pubspec.lock', () => {
    expectGolden(pubspecLockHandler.parse({ path: 'weather_app/pubspec.lock', content: read('weather_app/pubspec.lock') }), join(data, 'weather_app_pubspec.lock.expected.json'));
  });

  it('keeps an SDK source as the requirement and pins digits-only versions', () => {
    const [pd] = pubspecYamlHandler.parse({ path: 'pubspec.yaml', content: Buffer.from('name: a\ndependencies:\n  flutter:\n    sdk: flutter\n  path: 1.8.3\n') });
    expect(pd.dependencies.map((d) => [d.purl, d.extracted_requirement, d.is_pinned])).toEqual([
      ['pkg:pubspec/flutter', 'sdk: flutter', false],
      ['pkg:pubspec/path@1.8.3', '1.8.3', true],
    ]);
  });

  it('throws clear messages on broken files', () => {
    expect(() => pubspecYamlHandler.parse({ path: 'pubspec.yaml', content: Buffer.from('name: [a\n') })).toThrow(/^invalid pubspec.yaml: /);
    expect(() => pubspecLockHandler.parse({ path: 'pubspec.lock', content: Buffer.from('- a\n- b\n') })).toThrow('invalid pubspec.lock: not a YAML mapping');
  });

  it('assembles pubspec.yaml + pubspec.lock into one package linked to its tree', () => {
    const ctx = assembleFixture(join(data, 'weather_app'), handlers);
    expectGolden(assemblySummary(ctx), join(data, 'weather_app.assembly.expected.json'));
    expect(ctx.packages).toHaveLength(1);
    expect(ctx.packages[0].datasource_ids).toEqual(['pubspec_yaml', 'pubspec_lock']);
  });
});
