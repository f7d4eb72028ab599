import { classify, findTopLevelDepth } from './classify';
import { splitName } from './file-name';
import type { FileInfo } from './file-info';

const fileAt = (relPath: string, type: FileInfo['type'] = 'file') => {
  const name = relPath.split('/').pop() ?? '';
  return { type, name, ...splitName(name, type === 'file') };
};

describe('classify', () => {
  // [path, topLevelDepth, legal, manifest, readme, top level, key file]
  it.each([
    ['package/LICENSE', 2, true, false, false, true, true],
    ['package/package.json', 2, false, true, false, true, true],
    ['package/README.md', 2, false, false, true, true, true],
    ['package/lib/index.js', 2, false, false, false, false, false],
    ['package/lib/LICENSE', 2, true, false, false, false, false],
    ['LICENSE', 1, true, false, false, true, true],
    ['LICENCE.txt', 1, true, false, false, true, true],
    ['COPYING.LIB', 1, true, false, false, true, true],
    ['COPYRIGHT', 1, true, false, false, true, true],
    ['NOTICE', 1, true, false, false, true, true],
    ['MIT-LICENSE', 1, true, false, false, true, true],
    ['license-mit.md', 1, true, false, false, true, true],
    ['PATENTS', 1, true, false, false, true, true],
    ['EULA.rtf', 1, true, false, false, true, true],
    ['docs/readme.rst', 1, false, false, true, false, false],
    ['README', 1, false, false, true, true, true],
    ['setup.py', 1, false, true, false, true, true],
    ['Cargo.toml', 1, false, true, false, true, true],
    ['pom.xml', 1, false, true, false, true, true],
    ['foo.gemspec', 1, false, true, false, true, true],
    ['PKG-INFO', 1, false, true, false, true, true],
    ['pyproject.toml', 1, false, true, false, true, true],
    ['src/debian/copyright', 1, true, true, false, false, false],
    ['jar/META-INF/MANIFEST.MF', 1, false, true, false, false, false],
    ['mypackage.json', 1, false, false, false, true, false],
    ['index.js', 1, false, false, false, true, false],
  ])('%s (top depth %d)', (path, depth, is_legal, is_manifest, is_readme, is_top_level, is_key_file) => {
    expect(classify(path, fileAt(path), { topLevelDepth: depth })).toEqual({ is_legal, is_manifest, is_readme, is_top_level, is_key_file });
  });

  it('flags directories only as top level', () => {
    expect(classify('license', fileAt('license', 'directory'))).toEqual({
      is_legal: false, is_manifest: false, is_readme: false, is_top_level: true, is_key_file: false,
    });
    expect(classify('', fileAt('', 'directory')).is_top_level).toBe(true);
  });

  it('defaults to the scanned directory as the root', () => {
    expect(classify('package/LICENSE', fileAt('package/LICENSE')).is_top_level).toBe(false);
  });
});

describe('findTopLevelDepth', () => {
  const entries = (...paths: string[]) => paths.map((path) => ({ path, type: path.endsWith('/') ? ('directory' as const) : ('file' as const) }));

  it('descends into the single directory of an npm tarball', () => {
    expect(findTopLevelDepth(entries('package/', 'package/LICENSE', 'package/lib/index.js'))).toBe(2);
  });
  it('descends through a chain of single directories', () => {
    expect(findTopLevelDepth(entries('a/b/c/LICENSE', 'a/b/c/src/x.c'))).toBe(4);
  });
  it('stops where the tree branches or holds a file', () => {
    expect(findTopLevelDepth(entries('LICENSE', 'src/index.js'))).toBe(1);
    expect(findTopLevelDepth(entries('a/LICENSE', 'b/LICENSE'))).toBe(1);
    expect(findTopLevelDepth(entries('pkg/', 'pkg/only-file.txt'))).toBe(2);
  });
  it('treats a lone file as top level', () => {
    expect(findTopLevelDepth(entries('foo.tgz'))).toBe(1);
  });
});
