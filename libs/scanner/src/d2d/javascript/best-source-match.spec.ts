import { readFileSync } from 'node:fs';
import { scancodeioTestdata } from '@sca/testing';
import { selectSourceByStrings, selectSourceBySymbols, type SourceCandidate } from './best-source-match';
import { countOccurrences } from './occurrences';
import { extractSymbolsAndStrings } from './source-symbols';
import { compareJavascriptStrings } from './string-similarity';
import { compareJavascriptSymbols } from './symbol-similarity';

const candidate = (id: number, items: string[] | null): SourceCandidate => ({ id, occurrences: items ? countOccurrences(items) : null });
const similarity = (source: string[], deployed: string[]) => compareJavascriptSymbols(countOccurrences(source), countOccurrences(deployed)).similarity;

describe('selectSourceBySymbols (the _map_javascript_symbols loop)', () => {
  const deployed = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
  const close = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'golf'];
  const closer = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'hotel'];
  const far = ['alpha', 'india', 'juliet', 'kilo', 'lima', 'mike'];

  it('keeps the best match but stores the score of the last candidate compared, as ScanCode.io does', () => {
    const result = selectSourceBySymbols(deployed, [candidate(1, close), candidate(2, closer), candidate(3, far), candidate(4, null), candidate(5, [])]);
    expect(result).toEqual({ fromId: 2, score: similarity(far, deployed), bestScore: similarity(closer, deployed) });
    expect(similarity(far, deployed)).toBeLessThan(0.5); // far does not match, yet its score is the stored one
  });

  it('keeps the first of equal matches', () => {
    expect(selectSourceBySymbols(deployed, [candidate(7, close), candidate(8, close)])?.fromId).toBe(7);
  });

  it('is null without a match, without symbols, or for decomposed (minified) symbols', () => {
    expect(selectSourceBySymbols(deployed, [candidate(3, far)])).toBeNull();
    expect(selectSourceBySymbols([], [candidate(1, close)])).toBeNull();
    expect(selectSourceBySymbols(null, [candidate(1, close)])).toBeNull();
    expect(selectSourceBySymbols(['a', 'b', 'c', 'alpha'], [candidate(1, ['a', 'b', 'c', 'alpha'])])).toBeNull();
  });

  it('maps the cesium fixture of test_d2d (one javascript_symbols relation)', () => {
    const symbolsOf = (p: string) => extractSymbolsAndStrings(readFileSync(scancodeioTestdata('d2d-javascript', p), 'utf8'), 'JavaScript').symbols;
    const result = selectSourceBySymbols(symbolsOf('symbols/cesium/to_chunk-CNPP6TQ2.js'), [
      candidate(1, symbolsOf('symbols/cesium/from_EllipseGeometryLibrary.js')),
    ]);
    expect(result?.fromId).toBe(1);
    expect(result?.score).toBeCloseTo(0.7570076853288572, 12);
  });
});

describe('selectSourceByStrings (the _map_javascript_strings loop)', () => {
  const deployed = ['s1', 's2', 's3', 's4', 's5', 's6'];
  const good = ['s1', 's2', 's3', 's4', 's5', 's6', 'x'];
  const other = ['s1', 'y1', 'y2', 'y3', 'y4', 'y5'];
  const ratio = (source: string[]) => compareJavascriptStrings(countOccurrences(source), countOccurrences(deployed)).ratio;

  it('needs 5 distinct strings on both sides; skipped candidates do not count as compared', () => {
    expect(selectSourceByStrings(['a', 'a', 'b', 'c', 'd'], [candidate(1, good)])).toBeNull();
    const result = selectSourceByStrings(deployed, [candidate(1, good), candidate(2, other), candidate(3, ['s1', 's2', 's3', 's4'])]);
    expect(result).toEqual({ fromId: 1, score: ratio(other), bestScore: ratio(good) });
  });

  it('maps the cesium fixture of test_d2d (one javascript_strings relation)', () => {
    const stringsOf = (p: string) => extractSymbolsAndStrings(readFileSync(scancodeioTestdata('d2d-javascript', p), 'utf8'), 'JavaScript').strings;
    // test_d2d puts source-decodeI3S.js on the to/ side and deployed-decodeI3S.js on the from/ side.
    const result = selectSourceByStrings(stringsOf('strings/cesium/source-decodeI3S.js'), [candidate(1, stringsOf('strings/cesium/deployed-decodeI3S.js'))]);
    expect(result?.fromId).toBe(1);
    expect(result?.score).toBeCloseTo(0.7947019867549668, 12);
  });
});
