import { readFileSync } from 'node:fs';
import { scancodeioTestdata } from '@sca/testing';
import { formatDiffRatio, lineSimilarity, quickRatio, splitLines, textDiffRatio } from './line-similarity';

// Expected values computed on this machine with Python 3.11:
// difflib.SequenceMatcher(a=a.splitlines(), b=b.splitlines()).quick_ratio() and f"{ratio:.1%}".
describe('line similarity (difflib quick_ratio over str.splitlines())', () => {
  it.each([
    ['a\nb\nc\n', 'a\nb\nd\n', 0.6666666666666666],
    ['a\r\nb\rc\u000bd\fe\u001cf\u0085g\u2028h\u2029i', 'a\nb\nc\nd\ne\nf\ng\nh\ni\n', 1.0],
    ['x\nx\nx\ny', 'x\ny\ny\n', 0.5714285714285714],
    ['\n', '\n', 1.0],
    ['a\n\nb', 'a\nb', 0.8],
    ['line1\nline2\nline3\nline4\nline5\nline6\nline7', 'line1\nline2\nline3\nline4\nline5\nline6\nlineX', 0.8571428571428571],
  ])('%j against %j', (a, b, expected) => {
    expect(textDiffRatio(a, b)).toBe(expected);
    expect(lineSimilarity(a, b)).toBe(expected);
  });

  it('is null when either text is empty (get_text_str_diff_ratio), 1 for two texts without lines', () => {
    expect(textDiffRatio('', 'a')).toBeNull();
    expect(textDiffRatio('a', null)).toBeNull();
    expect(quickRatio([], [])).toBe(1);
  });

  it('splits as str.splitlines(): \\r\\n once, no trailing empty line, inner empty lines kept', () => {
    expect(splitLines('a\r\n\r\nb\n')).toEqual(['a', '', 'b']);
    expect(splitLines('')).toEqual([]);
  });

  it('compares the d2d-javascript fixtures as ScanCode.io does', () => {
    const read = (p: string) => readFileSync(scancodeioTestdata('d2d-javascript', p), 'utf8');
    const mapContent = (JSON.parse(read('to/unmain.js.map')) as { sourcesContent: string[] }).sourcesContent[0];
    expect(textDiffRatio(mapContent, read('from/unmain.js'))).toBe(1);
    expect(textDiffRatio(read('to/main.js'), read('from/main.js'))).toBe(0.08);
  });
});

describe('formatDiffRatio (Python "{:.1%}")', () => {
  it.each([
    [0.9825, '98.2%'], // 98.25 is an exact tie: Python rounds half to even, toFixed would say 98.3
    [0.0075, '0.8%'], // 0.75: tie, to even
    [0.71875, '71.9%'],
    [0.00025, '0.0%'], // 0.025 is slightly above in binary, yet rounds down
    [0.12345, '12.3%'],
    [0.98765, '98.8%'],
    [0.9702970297029703, '97.0%'],
    [1, '100.0%'],
  ])('%d -> %s', (ratio, expected) => {
    expect(formatDiffRatio(ratio)).toBe(expected);
  });
});
