import { readFileSync } from 'node:fs';
import { scancodeioTestdata } from '@sca/testing';
import { parseSourceMap, posixPartCount, sourceContentSha1, usableSources, type SourceMapData } from './source-map';

const fixture = (p: string): Buffer => readFileSync(scancodeioTestdata('d2d-javascript', p));

const parsed = (content: string | Uint8Array): SourceMapData => {
  const result = parseSourceMap(content);
  if (!result.ok) throw new Error(result.error);
  return result.map;
};

describe('parseSourceMap', () => {
  // Expected values from ScanCode.io's scanpipe/tests/pipes/test_js.py.
  it('reads the sources, contents and content sha1s of main.js.map', () => {
    const map = parsed(fixture('to/main.js.map'));
    expect(map.sources).toEqual(['src/main/resources/META-INF/adaptive_media/js/main.js']);
    expect(map.contentSha1s).toEqual(['d6bfcf7d1f8a00cc639b3a186a52453d37c52f61']);
    expect(map.sourcesContent).toEqual([fixture('from/main.js').toString('utf8')]);
  });

  it('hashes the UTF-8 bytes of a content (js.sha1)', () => {
    expect(sourceContentSha1(fixture('from/main.js').toString('utf8'))).toBe('d6bfcf7d1f8a00cc639b3a186a52453d37c52f61');
    expect(sourceContentSha1('é')).toBe('bf15be717ac1b080b4f1c456692825891ff5073d'); // hashlib.sha1('é'.encode())
  });

  it('keeps only usable sources: no webpack:///, the part after the last ../, at least two path parts', () => {
    expect(
      usableSources([
        'webpack:///src/a.js',
        '../../src/b.js',
        '../lib/../../c/d.js',
        'main.js',
        './main.js',
        '/main.js',
        'webpack://pkg/src/e.js',
        'src//f.js',
        '',
        null,
        42,
      ]),
    ).toEqual(['src/b.js', 'c/d.js', '/main.js', 'webpack://pkg/src/e.js', 'src//f.js']);
  });

  it('counts path parts as PurePosixPath does', () => {
    expect(posixPartCount('a/b')).toBe(2);
    expect(posixPartCount('./a')).toBe(1);
    expect(posixPartCount('/a')).toBe(2);
    expect(posixPartCount('a//b/')).toBe(2);
    expect(posixPartCount('')).toBe(0);
  });

  it('hashes only non-empty string contents, and keeps all contents by position', () => {
    const map = parsed(JSON.stringify({ sources: ['a/x.js', 'a/y.js', 'a/z.js'], sourcesContent: ['x', '', null, 7, 'z'] }));
    expect(map.sourcesContent).toEqual(['x', '', null, null, 'z']);
    expect(map.contentSha1s).toEqual([sourceContentSha1('x'), sourceContentSha1('z')]);
  });

  it('reports malformed maps instead of throwing', () => {
    expect(parseSourceMap('{"sources": [')).toMatchObject({ ok: false });
    expect(parseSourceMap('[1, 2]')).toEqual({ ok: false, error: 'Invalid source map: not a JSON object' });
    expect(parseSourceMap(new Uint8Array([0x7b, 0xff, 0x7d]))).toMatchObject({ ok: false });
    // Python's json module rejects a byte order mark; so does this reader.
    expect(parseSourceMap(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{}')]))).toMatchObject({ ok: false });
  });

  it('treats missing or malformed fields as empty', () => {
    expect(parsed('{"version": 3, "sources": "a/b.js", "sourcesContent": null}')).toEqual({ sources: [], sourcesContent: [], contentSha1s: [] });
  });
});
