import { sanitizeUploadName } from './multipart';

describe('sanitizeUploadName', () => {
  it.each([
    ['archive.zip', 'archive.zip'],
    ['my file (1).tar.gz', 'my file (1).tar.gz'],
    ['../../etc/passwd', 'passwd'],
    ['/abs/path/x.zip', 'x.zip'],
    ['C:\\Users\\me\\x.zip', 'x.zip'],
    ['..\\..\\x.zip', 'x.zip'],
    ['dir/', 'dir'],
    ['  spaced.txt  ', 'spaced.txt'],
    ['bad\u0000na\nme\u007f.txt', 'badname.txt'],
    ['ünïcode 名前.txt', 'ünïcode 名前.txt'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeUploadName(input)).toBe(expected);
  });

  it.each(['', '.', '..', '../..', '/', '\u0001\u0002', '   '])('gives no name for %j', (input) => {
    expect(sanitizeUploadName(input)).toBe('');
  });

  it('cuts names to 255 characters', () => {
    expect(sanitizeUploadName(`${'a'.repeat(300)}.zip`)).toBe('a'.repeat(255));
  });
});
