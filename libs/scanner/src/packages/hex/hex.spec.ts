import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assembleFixture, assemblySummary } from '../cargo/codebase-fixture.testing';
import { expectGolden } from '../golden.testing';
import { matchingHandlers } from '../recognize';
import { keywordValue, TermReader } from './elixir-terms';
import { handlers, mixLockHandler } from './index';

const data = join(__dirname, 'testdata');

describe('hex handlers', () => {
  it('match mix.lock only', () => {
    expect(matchingHandlers('mix.lock', handlers).map((h) => h.datasourceId)).toEqual(['hex_mix_lock']);
    expect(matchingHandlers('a/mix.exs', handlers)).toEqual([]);
  });

  it('reads Elixir terms statically', () => {
    expect(TermReader.read('%{"a" => {:ok, [x: 1, "y": nil], true}, b: :"quoted atom"} # done')).toEqual({
      map: [
        ['a', { tuple: [{ atom: 'ok' }, [{ tuple: [{ atom: 'x' }, 1] }, { tuple: [{ atom: 'y' }, null] }], true] }],
        ['b', { atom: 'quoted atom' }],
      ],
    });
    expect(keywordValue(TermReader.read('[hex: :decimal, optional: true]'), 'optional')).toBe(true);
    expect(() => TermReader.read('"#{System.get_env()}"')).toThrow('string interpolation is not a static term at line 1');
  });

  it('parses mix.lock', () => {
    expectGolden(mixLockHandler.parse({ path: 'shop/mix.lock', content: readFileSync(join(data, 'shop/mix.lock')) }), join(data, 'shop_mix.lock.expected.json'));
  });

  it('throws clear messages on broken files', () => {
    expect(() => mixLockHandler.parse({ path: 'mix.lock', content: Buffer.from('%{\n  "jason": {:hex, :jason, "1.4.1"') })).toThrow(/^invalid mix.lock: .* at line 2$/);
    expect(() => mixLockHandler.parse({ path: 'mix.lock', content: Buffer.from('[1, 2]') })).toThrow('invalid mix.lock: not an Elixir map');
  });

  it('assembles a mix.lock as project dependencies', () => {
    const ctx = assembleFixture(join(data, 'shop'), handlers);
    expectGolden(assemblySummary(ctx), join(data, 'shop.assembly.expected.json'));
    expect(ctx.packages).toHaveLength(0);
    expect(ctx.dependencies).toHaveLength(5);
  });
});
