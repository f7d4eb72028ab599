import { readFileSync } from 'node:fs';
import { scancodeioTestdata } from '@sca/testing';
import { countOccurrences } from './occurrences';
import { extractSymbolsAndStrings } from './source-symbols';
import { compareJavascriptSymbols, isDecomposedJavascript, jensenShannonDistance, symbolsProbabilityDistribution } from './symbol-similarity';

// Lists and expected values from ScanCode.io's scanpipe/tests/pipes/test_symbolmap.py; the
// exact similarities were computed on this machine with scipy 1.17 (jensenshannon, default base).
const SOURCE = [
  'charSet', 'generatePassword', 'length', 'password', 'i', 'i', 'length', 'i', 'randomIndex', 'Math', 'Math', 'charSet',
  'randomChar', 'charSet', 'randomIndex', 'password', 'randomChar', 'password', 'passwordLength', 'parseInt', 'prompt',
  'password', 'generatePassword', 'passwordLength', 'alert', 'password',
];
const DEPLOYED = [
  'charSet', 'generatePassword', 'r', 'e', 's', 's', 'r', 's', 'o', 'Math', 'Math', 'charSet', 't', 'charSet', 'o', 'e', 't',
  'e', 'passwordLength', 'parseInt', 'prompt', 'password', 'generatePassword', 'passwordLength', 'alert', 'password',
];

describe('isDecomposedJavascript', () => {
  it('flags symbols of which fewer than half are longer than 3 characters', () => {
    expect(isDecomposedJavascript(['a', 'g', 'bn', 'object', 'i', 'j', 'k', 'o', 'l', 'cmd', 't', 'r', 'cmd', 'z', 'str', 'n', 'j'])).toBe(true);
    expect(isDecomposedJavascript(SOURCE)).toBe(false);
    expect(isDecomposedJavascript(['abcd', 'ab'])).toBe(false); // exactly half
    expect(isDecomposedJavascript(['ééé', 'x'])).toBe(true); // code points, not bytes
    expect(isDecomposedJavascript([])).toBe(true);
  });
});

describe('symbolsProbabilityDistribution', () => {
  it('gives the frequency of each symbol of the vocabulary', () => {
    const vocabulary = [...new Set(SOURCE)].sort();
    expect(symbolsProbabilityDistribution(countOccurrences(SOURCE), vocabulary)).toEqual([
      0.07692307692307693, 0.038461538461538464, 0.11538461538461539, 0.07692307692307693, 0.11538461538461539,
      0.07692307692307693, 0.038461538461538464, 0.19230769230769232, 0.07692307692307693, 0.038461538461538464,
      0.07692307692307693, 0.07692307692307693,
    ]);
    expect(symbolsProbabilityDistribution(countOccurrences(['a']), ['a', 'b'])).toEqual([1, 0]);
  });
});

describe('jensenShannonDistance (scipy, natural logarithm)', () => {
  it.each([
    [[1.0, 0.0, 0.0], [1.0, 0.0, 0.0], 0.0],
    [[1.0, 0.0], [0.0, 1.0], 0.8325546111576977],
    [[1.0, 0.0], [0.5, 0.5], 0.464501404022459],
    [[0.25, 0.25, 0.25, 0.25], [0.25, 0.25, 0.25, 0.25], 0.0],
    [[2, 0], [1, 1], 0.464501404022459], // normalised first
  ])('%j against %j', (p, q, expected) => {
    expect(jensenShannonDistance(p, q)).toBeCloseTo(expected, 12);
  });
});

describe('compareJavascriptSymbols', () => {
  it('is the test_symbolmap example: 0.4589, no match at the small-file ratio 0.5', () => {
    const result = compareJavascriptSymbols(countOccurrences(SOURCE), countOccurrences(DEPLOYED));
    expect(result.similarity).toBeCloseTo(0.45898539164501884, 12);
    expect(result.isMatch).toBe(false);
  });

  it('matches the cesium fixture of test_d2d (similarity 0.757 over 541 deployed symbols, ratio 0.7)', () => {
    const symbolsOf = (p: string) => extractSymbolsAndStrings(readFileSync(scancodeioTestdata('d2d-javascript', p), 'utf8'), 'JavaScript').symbols;
    const deployed = symbolsOf('symbols/cesium/to_chunk-CNPP6TQ2.js');
    expect(isDecomposedJavascript(deployed)).toBe(false);
    const result = compareJavascriptSymbols(countOccurrences(symbolsOf('symbols/cesium/from_EllipseGeometryLibrary.js')), countOccurrences(deployed));
    expect(result.similarity).toBeCloseTo(0.7570076853288572, 12);
    expect(result.isMatch).toBe(true);
  });

  it('uses 0.7 above 30 deployed symbols and 0.5 up to 30', () => {
    // Three quarters shared on each side: similarity 1 - sqrt(ln(2) / 4) = 0.5837.
    const side = (n: number, own: string) => [...Array.from({ length: 3 * n }, () => 'shared'), ...Array.from({ length: n }, () => own)];
    const small = compareJavascriptSymbols(countOccurrences(side(1, 'a')), countOccurrences(side(1, 'b')));
    expect(small.similarity).toBeCloseTo(1 - Math.sqrt(Math.LN2 / 4), 12);
    expect(small.isMatch).toBe(true); // 4 deployed symbols
    const border = compareJavascriptSymbols(countOccurrences(side(7, 'a')), countOccurrences([...side(7, 'b'), 'shared', 'shared']));
    expect(border.isMatch).toBe(true); // exactly 30 deployed symbols
    const large = compareJavascriptSymbols(countOccurrences(side(8, 'a')), countOccurrences(side(8, 'b')));
    expect(large.similarity).toBeCloseTo(small.similarity, 12);
    expect(large.isMatch).toBe(false); // 32 deployed symbols
  });
});
