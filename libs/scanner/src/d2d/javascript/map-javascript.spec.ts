import { readFileSync } from 'node:fs';
import { scancodeioTestdata } from '@sca/testing';
import { matchByLineSimilarity, matchBySha1, matchJavascriptMap, type FromFile, type JavascriptMapLookup, type PathSuffixHit } from './map-javascript';
import { parseSourceMap, sourceContentSha1, type SourceMapData } from './source-map';

const fixture = (p: string): string => readFileSync(scancodeioTestdata('d2d-javascript', p), 'utf8');

const mapOf = (json: string): SourceMapData => {
  const parsed = parseSourceMap(json);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.map;
};

interface TestFile extends FromFile {
  text: string;
}

const file = (id: number, path: string, text: string): TestFile => ({ id, path, text, sha1: sourceContentSha1(text) });

/** A from/ side in memory, with a plain longest-suffix lookup (whole trailing segments). */
function lookupOver(files: TestFile[]): JavascriptMapLookup & { textReads: number[] } {
  const segments = (p: string) => p.split('/').filter(Boolean);
  const textReads: number[] = [];
  return {
    textReads,
    filesWithSha1: (sha1s) => files.filter((f) => sha1s.includes(f.sha1)),
    findPathSuffix(path): PathSuffixHit | null {
      const wanted = segments(path);
      for (let k = wanted.length; k >= 1; k--) {
        const suffix = wanted.slice(-k).join('/');
        const ids = files.filter((f) => segments(f.path).slice(-k).join('/') === suffix).map((f) => f.id);
        if (ids.length) return { matchedSegments: k, ids };
      }
      return null;
    },
    fromText(id) {
      textReads.push(id);
      return files.find((f) => f.id === id)?.text ?? null;
    },
  };
}

const FROM = 'from/project.tar.zst/modules/apps/adaptive-media/adaptive-media-web/src/main/resources/META-INF';

describe('map_javascript decision (test_js fixtures)', () => {
  it('matches by sha1 the one file whose path ends with the source (get_matches_by_sha1)', async () => {
    const main = fixture('from/main.js');
    const lookup = lookupOver([file(1, `${FROM}/adaptive_media/js/main.js`, main), file(2, `${FROM}/ambiguous/js/main.js`, main)]);
    expect(await matchJavascriptMap(mapOf(fixture('to/main.js.map')), lookup)).toEqual([{ fromId: 1, extraData: {} }]);
  });

  it('falls back to path and line similarity (get_matches_by_ratio)', async () => {
    const lookup = lookupOver([file(1, `${FROM}/resources/adaptive_media/js/unmain.js`, fixture('from/unmain.js'))]);
    expect(await matchByLineSimilarity(mapOf(fixture('to/unmain.js.map')), lookup)).toEqual([{ fromId: 1, extraData: { diff_ratio: '100.0%' } }]);
    expect(await matchByLineSimilarity(mapOf(fixture('to/no_path_unmain.js.map')), lookup)).toEqual([]);
  });

  it('uses the fallback only when sha1 gives nothing', async () => {
    const edited = `${fixture('from/unmain.js')}\n`; // other sha1, same lines
    const lookup = lookupOver([file(1, `${FROM}/resources/adaptive_media/js/unmain.js`, edited)]);
    expect(await matchJavascriptMap(mapOf(fixture('to/unmain.js.map')), lookup)).toEqual([{ fromId: 1, extraData: { diff_ratio: '100.0%' } }]);
  });
});

describe('matchBySha1', () => {
  const a = file(1, 'from/src/a.js', 'A');
  const b = file(2, 'from/src/b.js', 'B');
  const b2 = file(3, 'from/copy/b.js', 'B');

  it('with as many sources as contents, needs exactly one file per (sha1, source) pair', () => {
    const map = mapOf(JSON.stringify({ sources: ['../src/a.js', '../src/b.js'], sourcesContent: ['A', 'B'] }));
    expect(matchBySha1(map, [a, b, b2])).toEqual([
      { fromId: 1, extraData: {} },
      { fromId: 2, extraData: {} },
    ]);
    const ambiguous = mapOf(JSON.stringify({ sources: ['x/a.js', 'b.js/../b.js'], sourcesContent: ['A', 'B'] }));
    // "b.js/../b.js" is reduced to "b.js" (one part) and dropped: counts differ, see below.
    expect(ambiguous.sources).toEqual(['x/a.js']);
  });

  it('compares paths as plain string suffixes', () => {
    const map = mapOf(JSON.stringify({ sources: ['rc/a.js'], sourcesContent: ['A'] }));
    expect(matchBySha1(map, [a])).toEqual([{ fromId: 1, extraData: {} }]);
  });

  it('otherwise takes every file with one of the sha1s, unless there are more than contents', () => {
    const map = mapOf(JSON.stringify({ sources: ['webpack:///src/a.js', 'webpack:///src/b.js'], sourcesContent: ['A', 'B'] }));
    expect(matchBySha1(map, [a, b])).toEqual([
      { fromId: 1, extraData: {} },
      { fromId: 2, extraData: {} },
    ]);
    expect(matchBySha1(map, [a, b, b2])).toEqual([]);
  });

  it('pairs sources and non-empty contents by position, as ScanCode.io (shifted pairs do not match)', () => {
    const map = mapOf(JSON.stringify({ sources: ['a/e.js', 'src/a.js', 'src/b.js'], sourcesContent: ['', 'A', 'B', 'C'] }));
    // sources [a/e.js, src/a.js, src/b.js] against sha1s [A, B, C]: a/e.js~A, src/a.js~B, src/b.js~C.
    expect(matchBySha1(map, [a, b])).toEqual([]);
  });
});

describe('matchByLineSimilarity', () => {
  const content = 'line1\nline2\nline3\nline4\nline5\nline6\nline7\nline8\nline9\nline10\n';

  it('rejects a source when two candidates pass 0.98, and stops reading there', async () => {
    const lookup = lookupOver([file(1, 'from/x/pkg/lib/a.js', content), file(2, 'from/y/pkg/lib/a.js', content), file(3, 'from/z/pkg/lib/a.js', content)]);
    const map = mapOf(JSON.stringify({ sources: ['pkg/lib/a.js'], sourcesContent: [content] }));
    expect(await matchByLineSimilarity(map, lookup)).toEqual([]);
    expect(lookup.textReads).toEqual([1, 2]);
  });

  it('keeps the one candidate at or above 0.98', async () => {
    const lookup = lookupOver([file(1, 'from/x/lib/a.js', content), file(2, 'from/y/lib/a.js', 'other\n')]);
    const map = mapOf(JSON.stringify({ sources: ['lib/a.js'], sourcesContent: [content] }));
    expect(await matchByLineSimilarity(map, lookup)).toEqual([{ fromId: 1, extraData: { diff_ratio: '100.0%' } }]);
  });

  it('rejects a similarity below 0.98', async () => {
    const lookup = lookupOver([file(1, 'from/x/lib/a.js', content.replace('line10', 'changed'))]);
    const map = mapOf(JSON.stringify({ sources: ['lib/a.js'], sourcesContent: [content] }));
    expect(await matchByLineSimilarity(map, lookup)).toEqual([]); // 0.9
  });

  it('skips a lookup with more candidates than matched segments', async () => {
    const lookup = lookupOver([file(1, 'from/x/a.js', content), file(2, 'from/y/a.js', content), file(3, 'from/w/a.js', 'z')]);
    const map = mapOf(JSON.stringify({ sources: ['q/a.js'], sourcesContent: [content] }));
    expect(await matchByLineSimilarity(map, lookup)).toEqual([]);
    expect(lookup.textReads).toEqual([]);
  });

  it('pairs usable sources with the raw contents by position', async () => {
    const lookup = lookupOver([file(1, 'from/x/lib/a.js', content)]);
    const map = mapOf(JSON.stringify({ sources: ['webpack:///lib/b.js', 'lib/a.js'], sourcesContent: ['b\n', content] }));
    // lib/a.js is compared with "b\n", as in ScanCode.io's zip(sources, sources_content).
    expect(await matchByLineSimilarity(map, lookup)).toEqual([]);
  });
});
