import { fnmatch, fnmatchLike, fnmatchTest } from './fnmatch';
import { allHandlers } from './registry';

describe('fnmatchTest', () => {
  const patterns = [...new Set(allHandlers().flatMap((h) => h.pathPatterns))];
  // Paths built from every pattern (its literal parts, in several positions) and some ordinary ones.
  const pieces = patterns.flatMap((p) => p.split(/[*?[\]]/).filter(Boolean));
  const paths = [
    '/', '/package.json', '/a/package.json', '/a/package.json.bak', '/x.gemspec', '/a/b/setup.py', '/usr/share/doc/bash/copyright',
    '/debian/copyright', '/a/debian/copyright', '/var/lib/dpkg/status', '/var/lib/dpkg/status.d/foo', '/a/METADATA', '/a.dist-info/METADATA',
    ...pieces.flatMap((piece) => [piece, `/${piece}`, `/a${piece}`, `/a/b${piece}`, `/a/${piece}/x`, `${piece}x`]),
  ];

  it('answers as the fnmatch RegExp for every handler pattern', () => {
    expect(patterns.length).toBeGreaterThan(50);
    const differences = patterns.flatMap((pattern) => {
      const test = fnmatchTest(pattern);
      return paths.filter((path) => test(path) !== fnmatch(path, pattern)).map((path) => `${pattern} on ${path}`);
    });
    expect(differences).toEqual([]);
  });

  it('handles literal, suffix and wildcard patterns', () => {
    expect(fnmatchTest('/etc/os-release')('/etc/os-release')).toBe(true);
    expect(fnmatchTest('*/package.json')('/a/package.json')).toBe(true);
    expect(fnmatchTest('*/package.json')('/a/xpackage.json')).toBe(false);
    expect(fnmatchTest('*/*.nuspec')('/a/b.nuspec')).toBe(true);
    expect(fnmatchTest('*usr/share/doc/*/copyright')('/usr/share/doc/x/copyright')).toBe(true);
    expect(fnmatchTest('*usr/share/doc/*/copyright')('/usr/share/doc/copyright')).toBe(false);
  });
});

/** PostgreSQL's LIKE, for the checks below: `%` any run, `_` one character, a backslash escapes. */
function like(path: string, pattern: string): boolean {
  const literal = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  let src = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') src += literal(pattern[++i] ?? '');
    else if (c === '%') src += '.*';
    else if (c === '_') src += '.';
    else src += literal(c);
  }
  return new RegExp(`^${src}$`, 'su').test(path);
}

describe('fnmatchLike', () => {
  it('keeps the literal text, LIKE characters escaped, and widens wildcards and classes', () => {
    expect(fnmatchLike('*/scancode-config.yml')).toBe('%/scancode-config.yml');
    expect(fnmatchLike('*/__MACOSX*')).toBe('%/\\_\\_MACOSX%');
    expect(fnmatchLike('a?b[!c]d**e')).toBe('a%b%d%e');
    expect(fnmatchLike('100%_x\\y')).toBe('100\\%\\_x\\\\y');
    expect(fnmatchLike('a[b')).toBe('a[b');
  });

  it('matches every path its fnmatch pattern matches', () => {
    const patterns = ['*/vendor/*', 'a?b', '*.[ch]', '[!.]*', '*/__MACOSX*', '*100%*', 'x_y', 'back\\slash*', 'a[b', 'policies.yml', '*'];
    const paths = ['a/vendor/x', 'vendor/x', 'aXb', 'a\u{1F600}b', 'a/b.c', 'a/b.h', '.hidden', 'z/__MACOSX/f', 'p/100%/q', 'x_y', 'xzy', 'back\\slash/x', 'a[b', 'policies.yml', 'd/policies.yml', ''];
    const misses = patterns.flatMap((pattern) => paths.filter((path) => fnmatch(path, pattern) && !like(path, fnmatchLike(pattern))).map((path) => `${pattern} on ${path}`));
    expect(misses).toEqual([]);
    // And it narrows: a path without the literal text is left out.
    expect(like('a/other/x', fnmatchLike('*/vendor/*'))).toBe(false);
    expect(like('x-y', fnmatchLike('x_y'))).toBe(false);
  });
});
