import { join } from 'node:path';
import { CodebaseView } from '../assembly';
import { AssemblyContext } from '../assembly/context';
import { expectGolden } from '../golden.testing';
import { matchingHandlers } from '../recognize';
import { handlers } from './index';
import { distroFromOsRelease, etcOsReleaseHandler, parseOsRelease } from './os-release';
import { assembleView } from './rootfs-fixture.testing';
import { rootOf, withNamespace } from './system-package';
import { packageData } from '../package-data';

const parse = (text: string) => etcOsReleaseHandler.parse({ path: 'etc/os-release', content: Buffer.from(text) });

describe('etc_os_release', () => {
  it('matches ScanCode path patterns', () => {
    expect(matchingHandlers('rootfs/etc/os-release', handlers)).toHaveLength(1);
    expect(matchingHandlers('usr/lib/os-release', handlers)).toHaveLength(1);
    expect(matchingHandlers('etc/os-release.bak', handlers)).toHaveLength(0);
  });

  it('parses os-release files as ScanCode names them', () => {
    const out = [
      parse('PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\nID=debian\n'),
      parse('PRETTY_NAME="Distroless"\nNAME="Debian GNU/Linux"\nID="debian"\nVERSION_ID="12"\n'),
      parse('NAME="Ubuntu"\nVERSION_ID="22.04"\nID=ubuntu\nID_LIKE=debian\n'),
      parse('NAME="Rocky Linux"\nVERSION_ID="9.3"\nID="rocky"\nID_LIKE="rhel centos fedora"\n'),
      parse('# comment\nNAME="Alpine Linux"\nID=alpine\nVERSION_ID=3.19.1\n'),
    ].flat();
    expectGolden(out, join(__dirname, 'testdata', 'os-release.expected.json'));
    expect(out.map((p) => p.purl)).toEqual([
      'pkg:linux-distro/debian/debian@12', 'pkg:linux-distro/debian/distroless@12', 'pkg:linux-distro/debian/ubuntu@22.04',
      'pkg:linux-distro/rocky/rhel%20centos%20fedora@9.3', 'pkg:linux-distro/alpine/alpine@3.19.1',
    ]);
    expect(parseOsRelease("A='x y'\nB=\"q\\\"z\"\nbad line\n")).toEqual({ A: 'x y', B: 'q"z' });
  });

  it('throws a clear message on broken files', () => {
    expect(() => parse('hello world\n')).toThrow(/no ID or NAME/);
    expect(() => etcOsReleaseHandler.parse({ path: 'etc/os-release', content: Buffer.from([0, 1]) })).toThrow(/binary content/);
  });

  it('creates no package at assembly, and gives the distro of a rootfs (falling back to usr/lib/os-release)', () => {
    const view = new CodebaseView(
      [
        { path: 'r', type: 'directory' },
        { path: 'r/etc/os-release', type: 'symlink', packageData: parse('ID=alpine\n') },
        { path: 'r/usr/lib/os-release', type: 'file' },
      ],
      (p) => (p === 'r/usr/lib/os-release' ? Buffer.from('ID=Alpine\nVERSION_ID=3.19.1\n') : null),
    );
    const ctx = assembleView(view, handlers);
    expect(ctx.packages).toEqual([]);
    expect(distroFromOsRelease(ctx, 'r')).toMatchObject({ id: 'alpine', versionId: '3.19.1', path: 'r/usr/lib/os-release' });
    expect(distroFromOsRelease(new AssemblyContext(view, () => 'u'), 'elsewhere')).toBeNull();
  });

  it('locates rootfs roots and re-namespaces package data', () => {
    expect(rootOf('var/lib/dpkg/status', 'var/lib/dpkg/status')).toBe('');
    expect(rootOf('img/layer/var/lib/dpkg/status', 'var/lib/dpkg/status')).toBe('img/layer');
    expect(rootOf('x/status', 'var/lib/dpkg/status')).toBeNull();
    const pd = withNamespace(packageData('d', { type: 'deb', name: 'a', version: '1', source_packages: ['pkg:deb/src'] }), 'ubuntu');
    expect([pd.purl, pd.source_packages]).toEqual(['pkg:deb/ubuntu/a@1', ['pkg:deb/ubuntu/src']]);
  });
});
