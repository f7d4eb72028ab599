import { downloadFilename, safeBaseName } from './download-filename';

describe('downloadFilename', () => {
  const url = 'https://example.com/dist/pkg-1.0.tar.gz?x=1';

  it('prefers the Content-Disposition filename, then filename*', () => {
    expect(downloadFilename('attachment; filename="a.zip"', url)).toBe('a.zip');
    expect(downloadFilename(`attachment; filename="a.zip"; filename*=UTF-8''%C3%A9t%C3%A9.zip`, url)).toBe('été.zip');
    expect(downloadFilename('attachment; filename=my file.zip', url)).toBe('my file.zip');
  });

  it('falls back to the unquoted last URL segment, then "download"', () => {
    expect(downloadFilename(undefined, url)).toBe('pkg-1.0.tar.gz');
    expect(downloadFilename('inline', url)).toBe('pkg-1.0.tar.gz');
    expect(downloadFilename(undefined, 'https://example.com/a/my%20file.zip')).toBe('my file.zip');
    expect(downloadFilename(undefined, 'https://example.com/a/100%.zip')).toBe('100%.zip');
    expect(downloadFilename(undefined, 'https://example.com/')).toBe('download');
    expect(downloadFilename('attachment; filename=".."', 'https://example.com/a/%2E%2E')).toBe('download');
  });
});

describe('safeBaseName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\boot.ini', 'boot.ini'],
    ['a/b/', ''],
    ['..', ''],
    ['.', ''],
    ['evil\u0000name\n.zip', 'evilname.zip'],
    ['  日本.zip  ', '日本.zip'],
    ['.hidden', '.hidden'],
    ['a..b.zip', 'a..b.zip'],
  ])('%j → %j', (name, expected) => {
    expect(safeBaseName(name)).toBe(expected);
  });

  it('shortens names over 255 bytes and keeps the extension', () => {
    const name = safeBaseName(`${'é'.repeat(200)}.tar.gz`);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
    expect(name.endsWith('.gz')).toBe(true);
  });
});
