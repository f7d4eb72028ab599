import { FetchError } from './fetch-error';
import { classifyInputUrl, splitInputUrls, stripFragment, tagFromUrl } from './input-url';

describe('classifyInputUrl', () => {
  it.each([
    ['https://example.com/a.zip', 'http'],
    ['http://example.com/a.zip', 'http'],
    ['https://github.com/nexB/scancode.io.git', 'git'],
    ['https://github.com/nexB/scancode.io.git/', 'git'],
    ['pkg:npm/lodash@4.17.21', 'purl'],
    ['docker://alpine:3.20', 'docker'],
  ])('%s → %s', (url, kind) => {
    expect(classifyInputUrl(url)).toBe(kind);
  });

  it.each([
    ['git@github.com:nexB/scancode.io.git', "SSH 'git@' URLs are not supported. Use https:// instead."],
    ['ftp://example.com/a.zip', "URL scheme 'ftp' is not supported."],
    ['HTTP://example.com/a.zip', "URL scheme 'HTTP' is not supported. Did you mean: 'http'?"],
    ['Https://example.com/a.zip', "URL scheme 'Https' is not supported. Did you mean: 'https'?"],
    ['example.com/a.zip', "URL scheme 'example.com/a.zip' is not supported."],
  ])('refuses %s', (url, message) => {
    expect(() => classifyInputUrl(url)).toThrow(new FetchError(message));
  });
});

describe('tagFromUrl', () => {
  it('is the fragment, capped at 50 characters', () => {
    const sha = 'sha256=' + 'a'.repeat(64);
    expect(tagFromUrl(`https://example.com/a.zip#${sha}`)).toBe(sha.slice(0, 50));
    expect(tagFromUrl('https://example.com/a.zip#from')).toBe('from');
    expect(tagFromUrl('https://example.com/a.zip')).toBe('');
    expect(tagFromUrl('https://example.com/a.zip#')).toBe('');
    expect(tagFromUrl(`https://e.com/#${'é'.repeat(60)}`)).toBe('é'.repeat(50));
  });
});

describe('stripFragment', () => {
  it('drops everything from the first #', () => {
    expect(stripFragment('https://example.com/a.zip#to')).toBe('https://example.com/a.zip');
    expect(stripFragment('https://example.com/a.zip')).toBe('https://example.com/a.zip');
  });
});

describe('splitInputUrls', () => {
  it('splits every entry on whitespace and drops empties', () => {
    expect(splitInputUrls('u1 u2')).toEqual(['u1', 'u2']);
    expect(splitInputUrls(['u1 u2', 'u3'])).toEqual(['u1', 'u2', 'u3']);
    expect(splitInputUrls(['  u1\n\tu2  ', '', '   '])).toEqual(['u1', 'u2']);
    expect(splitInputUrls('')).toEqual([]);
  });
});
