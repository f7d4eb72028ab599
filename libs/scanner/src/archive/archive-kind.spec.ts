import { gzipSync } from 'node:zlib';
import { archiveKind } from './archive-kind';
import { cpioNewc, rpmPackage, zstdFrame } from './__fixtures__/cpio-writers';
import { arArchive, tarArchive, zipArchive } from './__fixtures__/archive-writers';

describe('archiveKind', () => {
  const zip = zipArchive([{ name: 'a.txt', data: 'a' }]);

  it('recognises formats by their magic bytes, whatever the name', async () => {
    expect(archiveKind('x.bin', zip)).toBe('zip');
    expect(archiveKind('x.bin', await tarArchive([{ name: 'a', data: 'a' }]))).toBe('tar');
    expect(archiveKind('x.bin', gzipSync('hello'))).toBe('gzip');
    expect(archiveKind('x.bin', Buffer.from('BZh91AY&SY'))).toBe('bzip2');
    expect(archiveKind('x.bin', Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0, 0]))).toBe('xz');
    expect(archiveKind('x.bin', zstdFrame(Buffer.from('z')))).toBe('zstd');
    expect(archiveKind('x.bin', arArchive([{ name: 'a.o', data: 'x' }]))).toBe('ar');
    expect(archiveKind('x.bin', rpmPackage(Buffer.alloc(0)))).toBe('rpm');
    expect(archiveKind('x.bin', Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4]))).toBe('7z');
    expect(archiveKind('x.bin', cpioNewc([{ name: 'a', mode: 0o100644, data: 'a' }]))).toBe('cpio');
  });

  it('uses the name as a tie-breaker', () => {
    expect(archiveKind('pkg.tgz', gzipSync('x'))).toBe('tar');
    expect(archiveKind('pkg.tar.gz', gzipSync('x'))).toBe('tar');
    expect(archiveKind('pkg.tar.zst', zstdFrame(Buffer.from('x')))).toBe('tar');
    expect(archiveKind('notes.txt.gz', gzipSync('x'))).toBe('gzip');
    expect(archiveKind('foo_1.0_amd64.deb', arArchive([{ name: 'x', data: 'x' }]))).toBe('deb');
    expect(archiveKind('x.a', arArchive([{ name: 'debian-binary', data: '2.0\n' }]))).toBe('deb');
    // A self-extracting jar has a stub before the zip; its central directory is still at the end.
    expect(archiveKind('app.jar', Buffer.from('#!/bin/sh\nexec java -jar "$0"\n'))).toBe('zip');
    for (const name of ['a.war', 'a.ear', 'a.whl', 'a.egg', 'a.nupkg', 'a.apk', 'a.xpi']) {
      expect(archiveKind(name, zip)).toBe('zip');
    }
  });

  it('says null for anything else', () => {
    expect(archiveKind('readme.txt', Buffer.from('hello world'))).toBeNull();
    expect(archiveKind('fake.gz', Buffer.from('not gzip at all'))).toBeNull();
    expect(archiveKind('empty.tar', Buffer.alloc(0))).toBeNull();
  });
});
