import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectGolden } from '../golden.testing';
import { assembleFixture, assemblySummary } from '../maven/fixture-view.testing';
import { matchingHandlers } from '../recognize';
import { goModHandler } from './go-mod';
import { goSumHandler } from './go-sum';
import { handlers } from './index';

const data = join(__dirname, 'testdata');
const read = (rel: string) => readFileSync(join(data, rel));

describe('golang handlers', () => {
  it('match ScanCode path patterns', () => {
    expect(matchingHandlers('go.mod', handlers).map((h) => h.datasourceId)).toEqual(['go_mod']);
    expect(matchingHandlers('x/go.sum', handlers).map((h) => h.datasourceId)).toEqual(['go_sum']);
    expect(matchingHandlers('x/go.mod.bak', handlers)).toEqual([]);
  });

  it('parses go.mod', () => {
    expectGolden(goModHandler.parse({ path: 'svc/go.mod', content: read('svc/go.mod') }), join(data, 'svc_go.mod.expected.json'));
  });

  it('parses go.sum', () => {
    expectGolden(goSumHandler.parse({ path: 'svc/go.sum', content: read('svc/go.sum') }), join(data, 'svc_go.sum.expected.json'));
  });

  it('throws a clear message on broken files', () => {
    expect(() => goModHandler.parse({ path: 'go.mod', content: Buffer.from('module x\nrequire (\n  a/b v1\n') })).toThrow(/^invalid go.mod: unterminated require block/);
    expect(() => goModHandler.parse({ path: 'go.mod', content: Buffer.from('{"module": "x"}') })).toThrow(/^invalid go.mod: /);
    expect(() => goSumHandler.parse({ path: 'go.sum', content: Buffer.from('github.com/a/b v1.0.0\n') })).toThrow(/^invalid go.sum: /);
  });

  it('assembles go.mod and go.sum into one package linked to the module tree', () => {
    expectGolden(assemblySummary(assembleFixture(join(data, 'svc'), handlers, 'svc')), join(data, 'assembly-svc.expected.json'));
  });
});
