import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assembleFixture, assemblySummary } from '../cargo/codebase-fixture.testing';
import { expectGolden } from '../golden.testing';
import { matchingHandlers } from '../recognize';
import { composerJsonHandler, composerLockHandler } from './composer';
import { handlers } from './index';

const data = join(__dirname, 'testdata');

describe('composer handlers', () => {
  it('match ScanCode path patterns', () => {
    expect(matchingHandlers('a/composer.json', handlers).map((h) => h.datasourceId)).toEqual(['php_composer_json']);
    expect(matchingHandlers('composer.lock', handlers).map((h) => h.datasourceId)).toEqual(['php_composer_lock']);
  });

  it('parses composer.json', () => {
    expectGolden(composerJsonHandler.parse({ path: 'app/composer.json', content: readFileSync(join(data, 'app/composer.json')) }), join(data, 'app_composer.json.expected.json'));
  });

  it('parses composer.lock', () => {
    expectGolden(composerLockHandler.parse({ path: 'app/composer.lock', content: readFileSync(join(data, 'app/composer.lock')) }), join(data, 'app_composer.lock.expected.json'));
  });

  it('marks a nameless manifest private with a proprietary statement', () => {
    const [pd] = composerJsonHandler.parse({ path: 'composer.json', content: Buffer.from('{"require": {"monolog/monolog": "^3"}}') });
    expect(pd).toMatchObject({ purl: null, is_private: true, extracted_license_statement: 'proprietary-license' });
  });

  it('throws clear messages on broken files', () => {
    const content = Buffer.from('{"name": "a/b",');
    expect(() => composerJsonHandler.parse({ path: 'composer.json', content })).toThrow(/^invalid composer.json: /);
    expect(() => composerLockHandler.parse({ path: 'composer.lock', content: Buffer.from('[]') })).toThrow('invalid composer.lock: not a JSON object');
  });

  it('assembles composer.json + composer.lock into one package linked to its tree', () => {
    const ctx = assembleFixture(join(data, 'app'), handlers);
    expectGolden(assemblySummary(ctx), join(data, 'app.assembly.expected.json'));
    expect(ctx.packages).toHaveLength(1);
    expect(ctx.packages[0].datasource_ids).toEqual(['php_composer_json', 'php_composer_lock']);
  });
});
