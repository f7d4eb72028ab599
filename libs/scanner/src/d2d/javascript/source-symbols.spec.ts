import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { scancodeioTestdata } from '@sca/testing';
import { extractSymbolsAndStrings, sourceLanguageOf } from './source-symbols';

const fixture = (p: string): string => readFileSync(scancodeioTestdata('d2d-javascript', p), 'utf8');
const digest = (list: string[]): string => createHash('sha1').update(JSON.stringify(list)).digest('hex');

/*
 * Reference lists: ScanCode.io's own (test_symbolmap.py gives the tree-sitter symbols of the
 * d2d-javascript password generator), and otherwise the output of tree-sitter-javascript
 * 0.23.1 (the version source-inspector pins), run through web-tree-sitter on this machine with
 * source-inspector's traversal: every `identifier` and every `string_fragment`, in tree order.
 * For the larger cesium fixtures the reference is the count and the sha1 of the JSON list.
 */
describe('extractSymbolsAndStrings on JavaScript (same lists as tree-sitter)', () => {
  it('gives the symbols test_symbolmap lists for the source and the minified password generator', () => {
    expect(extractSymbolsAndStrings(fixture('from/main.js'), 'JavaScript').symbols).toEqual([
      'charSet', 'generatePassword', 'length', 'password', 'i', 'i', 'length', 'i', 'randomIndex', 'Math', 'Math',
      'charSet', 'randomChar', 'charSet', 'randomIndex', 'password', 'randomChar', 'password', 'passwordLength',
      'parseInt', 'prompt', 'password', 'generatePassword', 'passwordLength', 'alert', 'password',
    ]);
    expect(extractSymbolsAndStrings(fixture('to/main.js'), 'JavaScript').symbols).toEqual([
      'charSet', 'generatePassword', 'r', 'e', 's', 's', 'r', 's', 'o', 'Math', 'Math', 'charSet', 't', 'charSet', 'o',
      'e', 't', 'e', 'passwordLength', 'parseInt', 'prompt', 'password', 'generatePassword', 'passwordLength', 'alert',
      'password',
    ]);
  });

  it('gives the string fragments, template ones included', () => {
    expect(extractSymbolsAndStrings(fixture('from/main.js'), 'JavaScript').strings).toEqual([
      'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890!@#$%^&*()_-+=',
      'Enter the desired length of your password:',
      'Your random password is: ',
    ]);
  });

  it.each([
    ['symbols/cesium/to_chunk-CNPP6TQ2.js', 541, '0a7a547c70a8657807c94f40f2c4ed3a7e597847', 3, '8de3436c2018fb91d673893fe1a43c790219f919'],
    ['symbols/cesium/from_EllipseGeometryLibrary.js', 539, '9e2bedf29f9373cc34c30bf36874f4793aeffc25', 4, '31560fd8fdd93e801361e01c49353fcc4c9e5fa6'],
    ['strings/cesium/source-decodeI3S.js', 2045, '5c9e134594ca6b5a1046b4b4cf6ae3675510bd55', 81, 'c7c32dc230c611ea88f6d7cacfa1dc43b76d3cc1'],
    ['strings/cesium/deployed-decodeI3S.js', 2053, '72228ab837c008a0c7455826042d3b82c727c10d', 70, '17d31c54c92b1cc802f2c03885e41655fdb23361'],
  ])('matches tree-sitter on %s', (path, symbolCount, symbolsSha1, stringCount, stringsSha1) => {
    const { symbols, strings } = extractSymbolsAndStrings(fixture(path), 'JavaScript');
    expect([symbols.length, digest(symbols), strings.length, digest(strings)]).toEqual([symbolCount, symbolsSha1, stringCount, stringsSha1]);
  });

  it('names words as tree-sitter does: no property, shorthand, label, undefined or meta-property names', () => {
    const source = [
      `const App = () => <div className="a &amp; b" data-x='q'><Foo.Bar x={y} {...rest}/><my-el/><svg:rect xlink:href="h"/>text {value}</div>;`,
      'outer: for (const k of list) { if (k) continue outer; else break outer; }',
      'class A extends B { #p = 1; static s = 2; x = 3; get g() { return this.#p; } set g(v) {} static { init(); } m() { return new.target ?? import.meta; } }',
      "const o = { a, b: c, [d]: e, f() {}, get h() { return 1; }, async i() {}, 'j': 1, 2: k };",
      'const { p, q: r, s = 1, ...t } = o; const [u, , w = 2, ...z] = arr;',
      '({ aa, bb: cc, dd = 3 } = obj);',
      'async function fn(aa1 = 1, { bb1 }, [cc1]) { await x; yield; }',
      'let async = 1; async(); let get = 2, set = 3, of = 4, let_ = 5;',
      'x?.y?.[zz]; label2: { break label2; }',
      'export { aaa as bbb, ccc as default }; export * as ns from "mod"; import def, * as ns2 from \'mod2\'; import { x as y2 } from "m";',
      "import j from './data.json' with { type: 'json' };",
      'const str = "esc\\"aped\\n\\x41\\u0041\\u{1F600}\\101 end" + \'single\\\'s\' + `tpl ${a1} mid ${`in${b1}ner`} $ $${c1} \\` end`;',
      'const re = /ab+c/gi; undefined; void 0; typeof undefined;',
      '@decorator class D {}',
    ].join('\n');
    expect(extractSymbolsAndStrings(source, 'JavaScript')).toEqual({
      symbols: [
        'App', 'div', 'Foo', 'y', 'rest', 'my-el', 'svg', 'rect', 'xlink', 'href', 'value', 'div', 'k', 'list', 'k', 'A', 'B', 'v',
        'init', 'o', 'c', 'd', 'e', 'k', 'r', 't', 'o', 'u', 'w', 'z', 'arr', 'cc', 'obj', 'fn', 'aa1', 'cc1', 'x', 'async', 'async',
        'get', 'set', 'of', 'let_', 'x', 'zz', 'aaa', 'bbb', 'ccc', 'default', 'ns', 'def', 'ns2', 'x', 'y2', 'j', 'str', 'a1', 'b1',
        'c1', 're', 'decorator', 'D',
      ],
      strings: [
        'a ', ' b', 'q', 'h', 'j', 'mod', 'mod2', 'm', './data.json', 'json', 'esc', 'aped', ' end', 'single', 's', 'tpl ', ' mid ',
        'in', 'ner', ' $ $', ' ', ' end',
      ],
    });
  });

  it('splits strings at every escape sequence, line continuations included, and keeps them raw', () => {
    const source = 'var s = \'a\\\'b\' + "tab\\there" + "\\u00e9t\\u{1F600}\\x41\\101" + \'line\\\ncontinued\' + `t\\`x ${1} $ $${2}`;';
    expect(extractSymbolsAndStrings(source, 'JavaScript').strings).toEqual(['a', 'b', 'tab', 'here', 't', 'line', 'continued', 't', 'x ', ' $ $']);
  });

  it('never throws on broken or binary input', () => {
    for (const text of ['', 'function (', '"unterminated', '`tpl ${', '}}}{{{ <<<>>> \u0000\uffff', readFileSync('/bin/true', 'latin1')]) {
      const result = extractSymbolsAndStrings(text, 'JavaScript');
      expect(result.symbols.every((s) => s !== '')).toBe(true);
      expect(extractSymbolsAndStrings(text, 'TypeScript').strings.every((s) => s !== '')).toBe(true);
    }
    expect(extractSymbolsAndStrings('function (', 'JavaScript')).toEqual({ symbols: [], strings: [] });
  });
});

describe('extractSymbolsAndStrings on TypeScript (approximating the JavaScript grammar that ScanCode.io applies)', () => {
  const source = [
    "import { Foo, type Bar } from './foo';",
    'export interface Point { x: number; y?: string; move(dx: number): void }',
    'type Alias<T> = T | null;',
    'enum Color { Red = 1, Green }',
    'export class Shape<T extends Point> implements Bar {',
    '  private readonly name: string;',
    '  constructor(public size: number, name: string) { this.name = name; }',
    '  area(scale: number = 1): number { return this.size * scale as number; }',
    '}',
    "declare module 'x' { export const y: number; }",
    "const s = 'abc' as const;",
  ].join('\n');

  it('takes the words of type syntax, TypeScript keywords included, as symbols; reserved words and member names not', () => {
    // tree-sitter-javascript 0.23.1 gives, for this text:
    // Foo type Bar interface Point x number y string move dx number type Alias T T enum Color Red Green
    // Shape T Point implements Bar readonly name string public size number name string name scale number
    // number scale as number declare module const y number s as
    expect(extractSymbolsAndStrings(source, 'TypeScript')).toEqual({
      symbols: [
        'Foo', 'type', 'Bar', 'interface', 'Point', 'x', 'number', 'y', 'string', 'move', 'dx', 'number', 'type', 'Alias', 'T', 'T',
        'enum', 'Color', 'Red', 'Green', 'Shape', 'T', 'Point', 'implements', 'Bar', 'private', 'readonly', 'name', 'string', 'public',
        'size', 'number', 'name', 'string', 'name', 'scale', 'number', 'number', 'scale', 'as', 'number', 'declare', 'module', 'y',
        'number', 's', 'as',
      ],
      strings: ['./foo', 'x', 'abc'],
    });
  });
});

describe('sourceLanguageOf', () => {
  it('knows JavaScript and TypeScript file names', () => {
    expect(sourceLanguageOf('a.js')).toBe('JavaScript');
    expect(sourceLanguageOf('a.MJS')).toBe('JavaScript');
    expect(sourceLanguageOf('a.ts')).toBe('TypeScript');
    expect(sourceLanguageOf('a.d.ts')).toBe('TypeScript');
    expect(sourceLanguageOf('a.css')).toBeNull();
    expect(sourceLanguageOf('a.jsx')).toBeNull();
  });
});
