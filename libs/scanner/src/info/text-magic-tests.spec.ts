import { compileProbe, NO, requiredLiterals, SOMEWHERE, type RuleInput } from './text-magic-tests';

const input = (text: string): RuleInput => ({ bytes: Buffer.from(text, 'latin1'), text, regexText: text, ascii: true });

describe('requiredLiterals', () => {
  it('keeps the plain runs outside groups and brackets', () => {
    expect(requiredLiterals('^[[:space:]]*#(set|show|let)')).toEqual(['#']);
    expect(requiredLiterals('^(const|var|let).*=.*require\\(')).toEqual(['=', 'require(']);
    expect(requiredLiterals('^export (function|class)')).toEqual(['export ']);
    expect(requiredLiterals('[]a]bc')).toEqual(['bc']);
  });

  it('leaves out what a quantifier makes optional, and word boundaries', () => {
    expect(requiredLiterals('ab*c')).toEqual(['a', 'c']);
    expect(requiredLiterals('foo\\.bar?')).toEqual(['foo.ba']);
    expect(requiredLiterals('x{2,3}yz')).toEqual(['yz']);
    expect(requiredLiterals('a+b')).toEqual(['a', 'b']);
    expect(requiredLiterals('\\<import\\>')).toEqual(['import']);
  });

  it('requires nothing of an expression with a top-level alternative', () => {
    expect(requiredLiterals('abc|def')).toEqual([]);
    expect(requiredLiterals('(abc|def)')).toEqual([]);
  });
});

describe('regular expression probes', () => {
  const probe = compileProbe({ type: 'regex', offset: 0, flags: '', op: '=', value: '^(const|var|let).*=.*require\\(', prints: true });

  it('match where the expression does', () => {
    expect(probe(input('// x\nconst a = require("a");\n'), 0)).toBeGreaterThan(0);
    expect(probe(input('const a = require("a");'), SOMEWHERE)).toBe(SOMEWHERE);
  });

  it('answer NO for text without a required literal, and for text with the literals but no match', () => {
    expect(probe(input('const a = 1;\n'), 0)).toBe(NO);
    expect(probe(input('x = require("a"); const b\n'), 0)).toBe(NO);
    expect(probe(input('const a = 1;\n'), SOMEWHERE)).toBe(NO);
  });
});
