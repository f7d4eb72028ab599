import type { FileInfo } from './file-info';

/**
 * Key-file classification as ScanCode's `--classify` does it (summarycode/classify.py): legal,
 * readme and manifest files by name, "top level" by depth below the real root of the codebase.
 */
export interface Classification {
  is_legal: boolean;
  is_manifest: boolean;
  is_readme: boolean;
  is_top_level: boolean;
  is_key_file: boolean;
}

/** A file whose name or base name starts or ends with one of these is legal-related. */
const LEGAL_STARTS_ENDS = [
  'copying', 'copyright', 'copyrights', 'copyleft', 'notice', 'license', 'licenses', 'licence', 'licences',
  'licensing', 'licencing', 'legal', 'eula', 'agreement', 'patent', 'patents',
];
const README_STARTS_ENDS = ['readme'];

/**
 * Matched against the end of the lower-cased path with a leading '/', so "/setup.py" means a file
 * named setup.py and ".gemspec" any name ending so. ScanCode lists PKG-INFO in upper case and
 * therefore never matches it against its lower-cased path; we match it.
 */
const MANIFEST_ENDS = [
  '.about', '/bower.json', '/project.clj', '.podspec', '/composer.json', '/description', '/elm-package.json',
  '/+compact_manifest', '+manifest', '.gemspec', '/metadata', '/metadata.gz-extract', '/build.gradle', '.pom',
  '/pom.xml', '.cabal', '/haxelib.json', '/package.json', '.nuspec', '.pod', '/meta.yml', '/dist.ini', '/pipfile',
  '/setup.cfg', '/setup.py', '/pkg-info', '/pyproject.toml', '.spec', '/cargo.toml', '.spdx', '/dependencies',
  'debian/copyright', 'meta-inf/manifest.mf',
];

export interface ClassifyOptions {
  /**
   * How many path segments deep a resource may be and still count as top level (1: directly in
   * the scanned directory). Use `findTopLevelDepth` to get ScanCode's value for a whole tree.
   */
  topLevelDepth?: number;
}

const startsOrEnds = (value: string, words: readonly string[]): boolean =>
  words.some((w) => value.startsWith(w) || value.endsWith(w));

function nameMatches(info: Pick<FileInfo, 'name' | 'base_name'>, words: readonly string[]): boolean {
  return startsOrEnds(info.name.toLowerCase(), words) || startsOrEnds(info.base_name.toLowerCase(), words);
}

/** `relPath` is relative to the scanned directory, '/'-separated; '' is the root itself. */
export function classify(
  relPath: string,
  info: Pick<FileInfo, 'type' | 'name' | 'base_name' | 'extension'>,
  opts: ClassifyOptions = {},
): Classification {
  const segments = relPath.split('/').filter(Boolean);
  const is_top_level = segments.length <= (opts.topLevelDepth ?? 1);
  // ScanCode classifies files only; directories keep every name flag false.
  if (info.type !== 'file') {
    return { is_legal: false, is_manifest: false, is_readme: false, is_top_level, is_key_file: false };
  }
  const path = '/' + segments.join('/').toLowerCase();
  const is_legal = nameMatches(info, LEGAL_STARTS_ENDS);
  const is_readme = nameMatches(info, README_STARTS_ENDS);
  const is_manifest = MANIFEST_ENDS.some((end) => path.endsWith(end));
  return { is_legal, is_manifest, is_readme, is_top_level, is_key_file: is_top_level && (is_legal || is_readme || is_manifest) };
}

/**
 * ScanCode's "real root": starting at the scanned directory, descend while a directory holds
 * exactly one entry and that entry is a directory (`package/` in an npm tarball, `foo-1.0/` in a
 * source archive). Resources at most one level below it are top level; the result is that depth.
 */
export function findTopLevelDepth(entries: Iterable<{ path: string; type: FileInfo['type'] }>): number {
  const children = new Map<string, { names: Set<string>; onlyDir: boolean }>();
  const childOf = (dir: string) => {
    let c = children.get(dir);
    if (!c) children.set(dir, (c = { names: new Set(), onlyDir: true }));
    return c;
  };
  let count = 0;
  for (const { path, type } of entries) {
    const segments = path.split('/').filter(Boolean);
    if (segments.length === 0) continue;
    count++;
    // Register every ancestor, so a listing of files alone is enough.
    for (let i = 0; i < segments.length; i++) {
      const parent = childOf(segments.slice(0, i).join('/'));
      parent.names.add(segments[i]);
      if (i === segments.length - 1 && type !== 'directory') parent.onlyDir = false;
    }
  }
  if (count <= 1) return 1;
  let dir = '';
  let depth = 0;
  for (;;) {
    const c = children.get(dir);
    if (!c || c.names.size !== 1 || !c.onlyDir) break;
    const [only] = c.names;
    dir = dir ? `${dir}/${only}` : only;
    depth++;
  }
  return depth + 1;
}

/**
 * ScanCode 32.x's community files (changelog, roadmap, contributing, code of conduct, authors,
 * security, funding): a name or base name that starts or ends with one, `_` and `-` ignored.
 */
const COMMUNITY_FILES = ['changelog', 'roadmap', 'contributing', 'codeofconduct', 'authors', 'security', 'funding'];

export function isCommunityFile(name: string, baseName: string): boolean {
  const matches = (n: string) => {
    const cleaned = n.toLowerCase().replace(/[_-]/g, '');
    return COMMUNITY_FILES.some((c) => cleaned.startsWith(c) || cleaned.endsWith(c));
  };
  return matches(name) || matches(baseName);
}
