import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CodebaseView } from '../assembly';
import { etcOsReleaseHandler } from '../distro/os-release';
import { assembleView, assemblySummary, rootfsView } from '../distro/rootfs-fixture.testing';
import { expectGolden } from '../golden.testing';
import type { DatafileHandler } from '../handler';
import { matchingHandlers } from '../recognize';
import { debianControlExtractedDebHandler, debianControlInSourceHandler } from './control';
import { debianCopyrightInPackageHandler, debianCopyrightInSourceHandler } from './copyright';
import { debianDebHandler } from './deb-archive';
import { debianInstalledFilesListHandler, debianInstalledMd5sumsHandler } from './files-list';
import { handlers } from './index';
import { debianDistrolessInstalledDbHandler, debianInstalledStatusDbHandler } from './installed-db';

const data = join(__dirname, 'testdata');
const parse = (h: DatafileHandler, rel: string) => h.parse({ path: rel, content: readFileSync(join(data, rel)) });
const golden = (rel: string) => join(data, `${rel.replace(/[/:%]/g, '_')}.expected.json`);
const all = [...handlers, etcOsReleaseHandler];
const ids = (path: string) => matchingHandlers(path, handlers).map((h) => h.datasourceId);

describe('debian handlers', () => {
  it('match ScanCode path patterns', () => {
    expect(ids('rootfs/var/lib/dpkg/status')).toEqual(['debian_installed_status_db']);
    expect(ids('var/lib/dpkg/status.d/base')).toEqual(['debian_distroless_installed_db']);
    expect(ids('var/lib/dpkg/info/libc6:amd64.list')).toEqual(['debian_installed_files_list']);
    expect(ids('var/lib/dpkg/info/zlib1g.md5sums')).toEqual(['debian_installed_md5sums']);
    expect(ids('x/debian/control')).toEqual(['debian_control_in_source']);
    expect(ids('a.deb-extract/control.tar.xz-extract/control')).toEqual(['debian_control_extracted_deb']);
    expect(ids('pool/hello_2.10-3_amd64.deb')).toEqual(['debian_deb']);
    expect(ids('usr/share/doc/zlib1g/copyright')).toContain('debian_copyright_in_package');
  });

  it.each([
    [debianInstalledStatusDbHandler, 'rootfs/var/lib/dpkg/status'],
    [debianInstalledFilesListHandler, 'rootfs/var/lib/dpkg/info/libc6:amd64.list'],
    [debianInstalledMd5sumsHandler, 'rootfs/var/lib/dpkg/info/libc6:amd64.md5sums'],
    [debianControlInSourceHandler, 'source/debian/control'],
    [debianControlExtractedDebHandler, 'extracted/hello_2.10-3_amd64.deb-extract/control.tar.gz-extract/control'],
    [debianCopyrightInSourceHandler, 'source/debian/copyright'],
    [debianCopyrightInPackageHandler, 'rootfs/usr/share/doc/zlib1g/copyright'],
    [debianCopyrightInPackageHandler, 'rootfs/usr/share/doc/base-files/copyright'],
    [debianDebHandler, 'tiny_1%3a0.1-2_all.deb'],
  ])('%#: parses %s', (handler, rel) => {
    expectGolden(parse(handler as DatafileHandler, rel as string), golden(rel as string));
  });

  it('keeps epochs, multi-line descriptions and Multi-Arch, and builds no dependencies (as ScanCode)', () => {
    const pds = parse(debianInstalledStatusDbHandler, 'rootfs/var/lib/dpkg/status');
    expect(pds.map((p) => p.purl)).toEqual([
      'pkg:deb/base-files@12ubuntu4.6?arch=amd64',
      'pkg:deb/libc6@2.35-0ubuntu3.7?arch=amd64',
      'pkg:deb/zlib1g@1:1.2.11.dfsg-2ubuntu9.2?arch=amd64',
      'pkg:deb/nano@6.2-1?arch=amd64',
    ]);
    expect(pds[1].description).toMatch(/^GNU C Library: Shared libraries\n Contains the standard/);
    expect(pds[1].extra_data).toEqual({ multi_arch: 'same' });
    expect(pds.every((p) => p.dependencies.length === 0)).toBe(true);
  });

  it('reads distroless status.d files with the distroless namespace', () => {
    const content = Buffer.from('Package: tzdata\nVersion: 2024a-0+deb12u1\nArchitecture: all\nSource: tzdata\n');
    const [pd] = debianDistrolessInstalledDbHandler.parse({ path: 'var/lib/dpkg/status.d/tzdata', content });
    expect(pd.purl).toBe('pkg:deb/distroless/tzdata@2024a-0+deb12u1?arch=all');
    expect(pd.source_packages).toEqual(['pkg:deb/distroless/tzdata']);
  });

  it('throws a clear message on broken files', () => {
    const garbage = Buffer.from('Package: x\nthis line has no colon\n');
    expect(() => debianInstalledStatusDbHandler.parse({ path: 'var/lib/dpkg/status', content: garbage })).toThrow(/line 2: expected "Field: value"/);
    expect(() => debianControlInSourceHandler.parse({ path: 'x/debian/control', content: Buffer.from(' leading continuation\n') })).toThrow(/continuation line/);
    expect(() => debianControlExtractedDebHandler.parse({ path: 'c/control.tar.gz-extract/control', content: Buffer.from('\n\n') })).toThrow(/no paragraph/);
    expect(() => debianInstalledFilesListHandler.parse({ path: 'var/lib/dpkg/info/a.list', content: Buffer.from('relative/path\n') })).toThrow(/not a dpkg file list/);
    expect(() => debianInstalledMd5sumsHandler.parse({ path: 'var/lib/dpkg/info/a.md5sums', content: Buffer.from([0, 1, 2]) })).toThrow(/binary content/);
    expect(() => debianDebHandler.parse({ path: 'a_1_all.deb', content: Buffer.from('PK\x03\x04') })).toThrow(/missing "!<arch>" magic/);
    expect(() => debianCopyrightInSourceHandler.parse({ path: 'debian/copyright', content: Buffer.from([0xff, 0]) })).toThrow(/binary content/);
  });

  it('assembles the installed database of an Ubuntu rootfs: namespace, lists, md5sums, copyright, missing files', () => {
    const ctx = assembleView(rootfsView(join(data, 'rootfs'), all), all);
    expectGolden(assemblySummary(ctx), join(data, 'rootfs.assembly.expected.json'));
    const libc = ctx.packages.find((p) => p.name === 'libc6');
    expect(libc?.purl).toBe('pkg:deb/ubuntu/libc6@2.35-0ubuntu3.7?arch=amd64');
    expect(libc?.source_packages).toEqual(['pkg:deb/ubuntu/glibc']);
    expect(ctx.links.get('lib/x86_64-linux-gnu/libc.so.6')).toEqual([libc?.package_uid]);
    expect(ctx.messages.some((m) => m.severity === 'warning' && m.description.includes('lib/x86_64-linux-gnu/libm.so.6'))).toBe(true);
  });

  it('takes the namespace from version clues without os-release, and reads file lists not recognized by the scan', () => {
    const view = rootfsView(join(data, 'rootfs'), all, (p) => p === 'etc/os-release' || p.endsWith('.md5sums'));
    const ctx = assembleView(view, all);
    expect(ctx.packages.map((p) => p.purl)).toEqual([
      'pkg:deb/ubuntu/base-files@12ubuntu4.6?arch=amd64',
      'pkg:deb/ubuntu/libc6@2.35-0ubuntu3.7?arch=amd64',
      'pkg:deb/ubuntu/zlib1g@1:1.2.11.dfsg-2ubuntu9.2?arch=amd64',
      // No clue of its own: the most frequent clue of the database.
      'pkg:deb/ubuntu/nano@6.2-1?arch=amd64',
    ]);
    expect(ctx.links.has('usr/share/doc/base-files/README')).toBe(true);
  });

  it('guesses each namespace from version and maintainer clues, else os-release, else debian', () => {
    const status = (paragraphs: string[]) => new CodebaseView(
      [{ path: 'var/lib/dpkg/status', type: 'file', packageData: debianInstalledStatusDbHandler.parse({ path: 'var/lib/dpkg/status', content: Buffer.from(paragraphs.join('\n')) }) }],
    );
    const purls = (view: CodebaseView) => assembleView(view, all).packages.map((p) => p.purl);
    expect(purls(status([
      'Package: libc6\nVersion: 2.36-9+deb12u4\nArchitecture: amd64\n',
      'Package: dash\nVersion: 0.5.12-2\nMaintainer: Andrej Shadura <andrewsh@debian.org>\n',
      'Package: x\nVersion: 1.0\nMaintainer: Ubuntu Developers <ubuntu-devel-discuss@lists.ubuntu.com>\n',
      'Package: y\nVersion: 2.0\n',
    ]))).toEqual(['pkg:deb/debian/libc6@2.36-9+deb12u4?arch=amd64', 'pkg:deb/debian/dash@0.5.12-2', 'pkg:deb/ubuntu/x@1.0', 'pkg:deb/debian/y@2.0']);
    expect(purls(status(['Package: y\nVersion: 2.0\n']))).toEqual(['pkg:deb/debian/y@2.0']);
  });

  it('assembles source control files and extracted .deb layouts', () => {
    expectGolden(assemblySummary(assembleView(rootfsView(join(data, 'source'), all), all)), join(data, 'source.assembly.expected.json'));
    expectGolden(assemblySummary(assembleView(rootfsView(join(data, 'extracted'), all), all)), join(data, 'extracted.assembly.expected.json'));
  });
});
