import { buildPurl, encodeQualifiers, parsePurl, quote } from './purl';

describe('quote', () => {
  it('percent-encodes like urllib.parse.quote(safe="/") and keeps ":"', () => {
    expect(quote("a b+c/d:e!'()*~_.-")).toBe('a%20b%2Bc/d:e%21%27%28%29%2A~_.-');
    expect(quote('@babel')).toBe('%40babel');
  });
});

describe('encodeQualifiers', () => {
  it('sorts keys, lower-cases them and drops empty values', () => {
    expect(encodeQualifiers({ distro: 'debian-11', Arch: 'amd64', empty: '', blank: ' ' })).toBe('arch=amd64&distro=debian-11');
    expect(encodeQualifiers({ vcs_url: 'git+https://github.com/a/b.git' })).toBe('vcs_url=git%2Bhttps://github.com/a/b.git');
  });

  it('keeps an already encoded string and maps anything else to ""', () => {
    expect(encodeQualifiers('arch=all')).toBe('arch=all');
    expect(encodeQualifiers({})).toBe('');
    expect(encodeQualifiers(null)).toBe('');
    expect(encodeQualifiers(['arch=all'])).toBe('');
  });
});

describe('parsePurl', () => {
  it('returns decoded parts and encoded qualifiers', () => {
    expect(parsePurl('pkg:npm/%40babel/core@7.0.0?b=2&A=1#lib/index.js')).toEqual({
      type: 'npm', namespace: '@babel', name: 'core', version: '7.0.0', qualifiers: 'a=1&b=2', subpath: 'lib/index.js',
    });
  });

  it('keeps names as packageurl-python does (npm case kept, pypi folded)', () => {
    expect(parsePurl('pkg:npm/JSONStream@1.3.5').name).toBe('JSONStream');
    expect(parsePurl('pkg:PyPI/Django_Foo@1.0')).toMatchObject({ type: 'pypi', name: 'django-foo' });
  });

  it('accepts purls without a version, which ScanCode emits for unpinned dependencies', () => {
    expect(parsePurl('pkg:cran/dplyr')).toMatchObject({ type: 'cran', name: 'dplyr', version: '' });
    expect(parsePurl('pkg:maven/org.apache/commons-io')).toMatchObject({ namespace: 'org.apache', version: '' });
  });

  it('keeps a literal "+" in a qualifier value', () => {
    expect(parsePurl('pkg:generic/foo@1.0?vcs_url=git+https://x.org/a').qualifiers).toBe('vcs_url=git%2Bhttps://x.org/a');
  });

  it.each(['npm/ava@1.0.0', 'pkg:npm/', 'pkg:/ava', 'pkg:npm/ava?novalue', 'pkg:npm/ava@1.0%'])('rejects %s', (purl) => {
    expect(() => parsePurl(purl)).toThrow();
  });
});

describe('buildPurl', () => {
  it('writes the purl of stored parts', () => {
    expect(buildPurl({ type: 'npm', namespace: '@babel', name: 'core', version: '7.0.0', qualifiers: '', subpath: '' })).toBe('pkg:npm/%40babel/core@7.0.0');
    expect(buildPurl({ type: 'deb', namespace: 'debian', name: 'adduser', version: '3.118', qualifiers: 'arch=all', subpath: 'a/../b' })).toBe(
      'pkg:deb/debian/adduser@3.118?arch=all#a/b',
    );
  });

  it('round-trips through parsePurl', () => {
    const purl = 'pkg:golang/github.com/foo/bar@v1.2.3?goos=linux#cmd/tool';
    expect(buildPurl(parsePurl(purl))).toBe(purl);
  });
});
