import { readFileSync } from 'node:fs';
import { scancodeioTestdata } from '@sca/testing';
import { countOccurrences } from './occurrences';
import { extractSymbolsAndStrings } from './source-symbols';
import { compareJavascriptStrings } from './string-similarity';

// Cases from ScanCode.io's scanpipe/tests/pipes/test_stringmap.py.
const UNMATCHED_DEPLOYED = [
  'must be non-object', 'function', 'function', 'need dictionary', 'stream end', '-1', 'file error', '-2', 'stream error',
  'data error', 'insufficient memory', 'buffer error', 'invalid stored block lengths', 'too many length or distance symbols',
];
const UNMATCHED_SOURCE = [
  'incorrect header check', 'unknown compression method', 'invalid window size', 'unknown compression method',
  'unknown header flags set', 'header crc mismatch', 'invalid block type', 'invalid stored block lengths',
  'too many length or distance symbols', 'invalid code lengths set', 'invalid bit length repeat', 'invalid bit length repeat',
  'invalid code -- missing end-of-block', 'invalid literal/lengths set',
];

describe('compareJavascriptStrings', () => {
  it('does not match the unmatched test_stringmap pair (0.1428)', () => {
    const result = compareJavascriptStrings(countOccurrences(UNMATCHED_SOURCE), countOccurrences(UNMATCHED_DEPLOYED));
    expect(result.ratio).toBeCloseTo(4 / 28, 12);
    expect(result.isMatch).toBe(false);
  });

  it('counts every occurrence of the shared strings, on both sides', () => {
    // shared "a" (2 + 1) and "b" (1 + 1) over 4 + 3 strings.
    expect(compareJavascriptStrings(countOccurrences(['a', 'a', 'b', 'c']), countOccurrences(['a', 'b', 'd'])).ratio).toBeCloseTo(5 / 7, 12);
  });

  it('matches above 0.7, or above 0.5 when the source has more than 10 strings', () => {
    const pair = (sourceExtra: number) =>
      compareJavascriptStrings(
        countOccurrences(['s1', 's2', 's3', ...Array.from({ length: sourceExtra }, () => 's1'), 'x1', 'x2']),
        countOccurrences(['s1', 's2', 's3', 'y1', 'y2']),
      );
    expect(pair(0)).toEqual({ isMatch: false, ratio: 0.6 }); // 5 source strings
    expect(pair(6)).toMatchObject({ isMatch: true }); // 11 source strings, (9 + 3) / 16 = 0.75
    expect(compareJavascriptStrings(countOccurrences(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k']), countOccurrences(['a', 'b', 'c', 'd', 'e', 'f', 'z', 'y', 'x', 'w', 'v'])).isMatch).toBe(true); // 12/22
    expect(compareJavascriptStrings(countOccurrences(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']), countOccurrences(['a', 'b', 'c', 'd', 'e', 'f', 'z', 'y', 'x', 'w'])).isMatch).toBe(false); // 12/20, only 10 source strings
  });

  it('is 0 without shared strings', () => {
    expect(compareJavascriptStrings(countOccurrences(['a']), countOccurrences(['b']))).toEqual({ isMatch: false, ratio: 0 });
  });

  it('matches the cesium fixture of test_d2d (0.7947, computed with ScanCode.io\'s formula in Python)', () => {
    const stringsOf = (p: string) => extractSymbolsAndStrings(readFileSync(scancodeioTestdata('d2d-javascript', p), 'utf8'), 'JavaScript').strings;
    const result = compareJavascriptStrings(
      countOccurrences(stringsOf('strings/cesium/deployed-decodeI3S.js')),
      countOccurrences(stringsOf('strings/cesium/source-decodeI3S.js')),
    );
    expect(result.ratio).toBeCloseTo(0.7947019867549668, 12);
    expect(result.isMatch).toBe(true);
  });
});
