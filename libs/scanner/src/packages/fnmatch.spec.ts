import { fnmatch, fnmatchTest } from './fnmatch';
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
