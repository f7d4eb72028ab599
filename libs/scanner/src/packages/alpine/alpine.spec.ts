import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { etcOsReleaseHandler } from '../distro/os-release';
import { assembleView, assemblySummary, rootfsView } from '../distro/rootfs-fixture.testing';
import { expectGolden } from '../golden.testing';
import { matchingHandlers } from '../recognize';
import { alpineApkArchiveHandler } from './apk-archive';
import { alpineApkbuildHandler, substitute } from './apkbuild';
import { handlers } from './index';
import { alpineInstalledDbHandler } from './installed-db';

const data = join(__dirname, 'testdata');
const read = (rel: string) => readFileSync(join(data, rel));
const all = [...handlers, etcOsReleaseHandler];

describe('alpine handlers', () => {
  it('match ScanCode path patterns', () => {
    const ids = (p: string) => matchingHandlers(p, handlers).map((h) => h.datasourceId);
    expect(ids('rootfs/lib/apk/db/installed')).toEqual(['alpine_installed_db']);
    expect(ids('aports/main/zlib/APKBUILD')).toEqual(['alpine_apkbuild']);
    expect(ids('pkgs/zlib-1.3.1-r0.apk')).toEqual(['alpine_apk_archive']);
  });

  it('parses an installed database', () => {
    const rel = 'rootfs/lib/apk/db/installed';
    const pds = alpineInstalledDbHandler.parse({ path: rel, content: read(rel) });
    expectGolden(pds, join(data, 'installed.expected.json'));
    const sha1 = createHash('sha1').update('musl-fake-elf').digest('hex');
    expect(pds[0].file_references[0]).toMatchObject({ path: 'lib/ld-musl-x86_64.so.1', sha1 });
    expect(pds[1].dependencies.map((d) => [d.purl, d.scope, d.extracted_requirement, d.is_pinned])).toEqual([
      ['pkg:alpine/musl', 'depend', '=>1.2.4', false],
      ['pkg:alpine/libfoo', 'depend:pkgconfig', '=>2', false],
      ['pkg:alpine/alpine-baselayout@3.4.3-r2', 'depend', '=3.4.3-r2', true],
    ]);
  });

  it('parses an APKBUILD statically', () => {
    const rel = 'aports/main/zlib/APKBUILD';
    const pds = alpineApkbuildHandler.parse({ path: rel, content: read(rel) });
    expectGolden(pds, join(data, 'APKBUILD.expected.json'));
    expect(pds[0].purl).toBe('pkg:alpine/zlib@1.3.1-r0');
    expect(substitute('${pkgver%.*}-$pkgname', new Map([['pkgname', 'z'], ['pkgver', '1.2']]))).toEqual({ value: '${pkgver%.*}-z', resolved: false });
  });

  it('throws a clear message on broken files', () => {
    const bad = (s: string) => ({ path: 'lib/apk/db/installed', content: Buffer.from(s) });
    expect(() => alpineInstalledDbHandler.parse(bad('P:x\nV:1\nF:lib\nR:a\nZ:X1abc\n'))).toThrow(/line 5: unknown checksum encoding/);
    expect(() => alpineInstalledDbHandler.parse(bad('P:x\nR:orphan\n'))).toThrow(/line 2: file record R: before any F:/);
    expect(() => alpineInstalledDbHandler.parse(bad('P:x\nnot a field\n'))).toThrow(/line 2: expected "X:value"/);
    expect(() => alpineApkbuildHandler.parse({ path: 'APKBUILD', content: Buffer.from('build() {\n make\n}\n') })).toThrow(/no pkgname or pkgver/);
    expect(() => alpineApkArchiveHandler.parse({ path: 'a.apk', content: Buffer.from('plain text') })).toThrow(/no gzip header/);
    expect(alpineApkArchiveHandler.parse({ path: 'a.apk', content: Buffer.from([0x1f, 0x8b, 8, 0]) })).toEqual([]);
  });

  it('assembles installed packages without a namespace (as ScanCode.io reports them), linking present files and warning for missing ones', () => {
    const ctx = assembleView(rootfsView(join(data, 'rootfs'), all), all);
    expectGolden(assemblySummary(ctx), join(data, 'rootfs.assembly.expected.json'));
    expect(ctx.packages.map((p) => p.purl)).toEqual([
      'pkg:alpine/musl@1.2.4_git20230717-r4?arch=x86_64',
      'pkg:alpine/busybox@1.36.1-r15?arch=x86_64',
      'pkg:alpine/alpine-keys@2.4-r1?arch=x86_64',
    ]);
    expect(ctx.messages.map((m) => m.description)).toEqual([
      expect.stringContaining('1 installed file(s) not found in the codebase: lib/libc.musl-x86_64.so.1'),
      expect.stringContaining('etc/securetty'),
    ]);
  });

  it('assembles an APKBUILD with its directory tree', () => {
    const ctx = assembleView(rootfsView(join(data, 'aports'), all), all);
    expectGolden(assemblySummary(ctx), join(data, 'aports.assembly.expected.json'));
  });
});
