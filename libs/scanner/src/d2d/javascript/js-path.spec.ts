import type { PathSuffixHit } from './map-javascript';
import { isJsPathKeyFile, JS_EXTENSIONS, jsRelatedPaths, selectJsPathSource, splitJsFileName } from './js-path';

describe('splitJsFileName (test_js get_js_map_basename_and_extension)', () => {
  it('is null for names that are not JavaScript ones', () => {
    expect(splitJsFileName('notjs.config')).toBeNull();
    expect(splitJsFileName('notjs.config.map')).toBeNull();
    expect(splitJsFileName('js')).toBeNull();
  });

  it.each(JS_EXTENSIONS.map((ext) => [ext]))('splits file%s', (ext) => {
    expect(splitJsFileName(`file${ext}`)).toEqual({ base: 'file', extension: ext });
  });

  it('takes the compound extension first', () => {
    expect(splitJsFileName('types.d.ts')).toEqual({ base: 'types', extension: '.d.ts' });
    expect(splitJsFileName('a.min.js.map')).toEqual({ base: 'a.min', extension: '.js.map' });
  });
});

/** A lookup answering from a fixed table of suffix hits. */
const hits =
  (table: Record<string, PathSuffixHit>) =>
  (path: string): PathSuffixHit | null =>
    table[path] ?? null;

describe('selectJsPathSource', () => {
  it('looks up each possible source and keeps the longest usable match', () => {
    const find = hits({
      'to/app.jar-extract/js/main.jsx': { matchedSegments: 2, ids: [7] },
      'to/app.jar-extract/js/main.ts': { matchedSegments: 3, ids: [8, 9] },
      'to/app.jar-extract/js/main.js': { matchedSegments: 3, ids: [10] },
    });
    // .ts wins at 3 segments (first of the ties); its first candidate is the source.
    expect(selectJsPathSource('to/app.jar-extract/js/main.js.map', find)).toEqual({ fromId: 8, pathScore: '3/4' });
  });

  it('needs 2 matched segments and no more candidates than matched segments', () => {
    expect(selectJsPathSource('to/js/a.js.map', hits({ 'to/js/a.jsx': { matchedSegments: 1, ids: [1] } }))).toBeNull();
    expect(selectJsPathSource('to/js/a.js.map', hits({ 'to/js/a.ts': { matchedSegments: 2, ids: [1, 2, 3] } }))).toBeNull();
  });

  it('maps a .ts from a .d.ts, and never a .d.ts or an unknown key file', () => {
    const find = hits({ 'to/lib/types.d.ts': { matchedSegments: 2, ids: [4] } });
    expect(selectJsPathSource('to/lib/types.ts', find)).toEqual({ fromId: 4, pathScore: '2/3' });
    expect(selectJsPathSource('to/lib/types.d.ts', () => ({ matchedSegments: 3, ids: [1] }))).toBeNull();
    expect(selectJsPathSource('to/lib/data.map', () => ({ matchedSegments: 3, ids: [1] }))).toBeNull();
  });

  it('looks up the other kinds with their own source extensions', () => {
    const seen: string[] = [];
    const record = (p: string) => (seen.push(p), null);
    selectJsPathSource('to/css/site.css.map', record);
    selectJsPathSource('to/css/theme.scss.js.map', record);
    selectJsPathSource('to/soy/view.soy.js.map', record);
    expect(seen).toEqual(['to/css/site.css', 'to/css/theme.scss', 'to/soy/view.soy']);
  });
});

describe('jsRelatedPaths', () => {
  it('lists the sibling transpiled files of each kind of key file', () => {
    expect(jsRelatedPaths('to/js/main.js.map')).toEqual(['to/js/main.js', 'to/js/main.jsx', 'to/js/main.ts']);
    expect(jsRelatedPaths('to/css/site.css.map')).toEqual(['to/css/site.css']);
    expect(jsRelatedPaths('to/css/t.scss.js.map')).toEqual(['to/css/t.scss.js', 'to/css/t.css', 'to/css/t.css.map', 'to/css/t_rtl.css']);
    expect(jsRelatedPaths('to/soy/v.soy.js.map')).toEqual(['to/soy/v.soy.js', 'to/soy/v.soy']);
    expect(jsRelatedPaths('to/lib/types.ts')).toEqual([]);
    expect(jsRelatedPaths('to/lib/data.map')).toEqual([]);
  });
});

describe('isJsPathKeyFile', () => {
  it('takes .map and .ts files that are neither hidden nor under node_modules', () => {
    expect(isJsPathKeyFile('to/js/a.js.map')).toBe(true);
    expect(isJsPathKeyFile('to/lib/a.d.ts')).toBe(true);
    expect(isJsPathKeyFile('to/js/a.js')).toBe(false);
    expect(isJsPathKeyFile('to/js/.a.js.map')).toBe(false);
    expect(isJsPathKeyFile('to/node_modules/x/a.js.map')).toBe(false);
  });
});
