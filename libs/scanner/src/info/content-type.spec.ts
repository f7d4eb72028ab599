import { isArchive, isMedia, isScript, isSource, type ContentInput } from './content-type';

const input = (name: string, file_type: string, mime_type: string, is_text: boolean): ContentInput => {
  const dot = name.lastIndexOf('.');
  return { name, extension: dot > 0 ? name.slice(dot) : '', file_type, mime_type, is_text };
};

describe('content flags', () => {
  it('counts packages, compressed files and Office 2007+ documents as archives, never text', () => {
    expect(isArchive(input('a.deb', 'Debian binary package (format 2.0), with control.tar.xz', 'application/vnd.debian.binary-package', false))).toBe(true);
    expect(isArchive(input('a.jar', 'Java archive data (JAR)', 'application/java-archive', false))).toBe(true);
    expect(isArchive(input('a.xz', 'XZ compressed data, checksum CRC64', 'application/x-xz', false))).toBe(true);
    expect(isArchive(input('a.docx', 'Microsoft Word 2007+', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', false))).toBe(true);
    expect(isArchive(input('a.gem', 'gem image data', 'application/octet-stream', false))).toBe(false);
    expect(isArchive(input('notes.zip', 'ASCII text', 'text/plain', true))).toBe(false);
    expect(isArchive(input('truncated.tgz', 'data', 'application/octet-stream', false))).toBe(true);
  });

  it('counts images, sound and Targa files as media', () => {
    expect(isMedia(input('a.svg', 'SVG Scalable Vector Graphics image', 'image/svg+xml', true))).toBe(true);
    expect(isMedia(input('a.wav', 'RIFF (little-endian) data, WAVE audio', 'audio/x-wav', false))).toBe(true);
    expect(isMedia(input('a.tga', 'data', 'application/octet-stream', false))).toBe(true);
    expect(isMedia(input('a.bin', 'data', 'application/octet-stream', false))).toBe(false);
  });

  it('counts scripts by libmagic type, except makefiles', () => {
    expect(isScript(input('run', 'POSIX shell script, ASCII text executable', 'text/x-shellscript', true))).toBe(true);
    expect(isScript(input('Makefile', 'makefile script, ASCII text', 'text/x-makefile', true))).toBe(false);
  });

  it('excludes docs, data, makefiles and maps from source; C and Java by extension', () => {
    const text = (name: string) => input(name, 'ASCII text', 'text/plain', true);
    expect(isSource(text('README.md'), true)).toBe(false);
    expect(isSource(text('data.xml'), true)).toBe(false);
    expect(isSource(text('Makefile'), true)).toBe(false);
    expect(isSource(text('app.js.map'), true)).toBe(false);
    expect(isSource(text('util.H'), false)).toBe(true);
    expect(isSource(text('Foo.JAVA'), false)).toBe(true);
    expect(isSource(text('app.js'), true)).toBe(true);
    expect(isSource(text('notes'), false)).toBe(false);
    expect(isSource(input('a.c', 'data', 'application/octet-stream', false), true)).toBe(false);
  });
});
