import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CodebaseView } from '../assembly';
import { etcOsReleaseHandler } from '../distro/os-release';
import { assembleView, assemblySummary, rootfsView } from '../distro/rootfs-fixture.testing';
import { expectGolden } from '../golden.testing';
import { matchingHandlers } from '../recognize';
import { buildBdbHash, buildNdb } from './db-builders.testing';
import { rpmArchiveHandler, rpmBdbHandler, rpmNdbHandler, rpmSqliteHandler } from './handlers';
import { readRpmFile } from './header';
import { handlers } from './index';
import { SqliteFile } from './sqlite-reader';
import { rpmSpecfileHandler } from './specfile';

const data = join(__dirname, 'testdata');
const read = (rel: string) => readFileSync(join(data, rel));
const SQLITE = 'rootfs/var/lib/rpm/rpmdb.sqlite';
const all = [...handlers, etcOsReleaseHandler];

function headerBlobs(): Buffer[] {
  const db = new SqliteFile(read(SQLITE));
  return db.rows(db.tableRoot('Packages') as number).map((r) => r[1] as Buffer);
}

describe('rpm handlers', () => {
  it('match ScanCode path patterns', () => {
    const ids = (p: string) => matchingHandlers(p, handlers).map((h) => h.datasourceId);
    expect(ids('x/a-1-1.noarch.rpm')).toEqual(['rpm_archive']);
    expect(ids('var/lib/rpm/rpmdb.sqlite')).toEqual(['rpm_installed_database_sqlite']);
    expect(ids('usr/lib/sysimage/rpm/rpmdb.sqlite')).toEqual(['rpm_installed_database_sqlite']);
    expect(ids('usr/lib/sysimage/rpm/Packages.db')).toEqual(['rpm_installed_database_ndb']);
    expect(ids('r/var/lib/rpm/Packages')).toEqual(['rpm_installed_database_bdb']);
    expect(ids('SPECS/x.spec')).toEqual(['rpm_spefile']);
  });

  it.each(['hello-tiny-1.2.0-3.noarch.rpm', 'hello-tiny-1.2.0-3.src.rpm'])('parses %s', (rel) => {
    const pds = rpmArchiveHandler.parse({ path: rel, content: read(rel) });
    expectGolden(pds, join(data, `${rel}.expected.json`));
  });

  it('reads epoch, source rpm and requires from a binary rpm', () => {
    const [pd] = rpmArchiveHandler.parse({ path: 'a.rpm', content: read('hello-tiny-1.2.0-3.noarch.rpm') });
    expect(pd.purl).toBe('pkg:rpm/hello-tiny@1:1.2.0-3?arch=noarch');
    expect(pd.source_packages).toEqual(['pkg:rpm/hello-tiny@1.2.0-3?arch=src']);
    expect(pd.dependencies.map((d) => [d.purl, d.extracted_requirement])).toEqual([
      ['pkg:rpm/bash', '>= 4.0'], ['pkg:rpm/coreutils', null], ['pkg:rpm/hello-data@1.2.0', '= 1.2.0'],
    ]);
  });

  it('parses the installed SQLite database with file lists', () => {
    const pds = rpmSqliteHandler.parse({ path: SQLITE, content: read(SQLITE) });
    expectGolden(pds, join(data, 'rpmdb.sqlite.expected.json'));
    expect(pds.map((p) => p.file_references.map((f) => f.path))).toEqual([['/usr/share/doc/hello-tiny/README'], ['/usr/bin/hello-tiny']]);
  });

  it('reads the same headers from NDB and Berkeley DB hash databases', () => {
    const blobs = headerBlobs();
    const fromSqlite = rpmSqliteHandler.parse({ path: SQLITE, content: read(SQLITE) }).map((p) => p.purl);
    expect(rpmNdbHandler.parse({ path: 'Packages.db', content: buildNdb(blobs) }).map((p) => p.purl)).toEqual(fromSqlite);
    expect(rpmBdbHandler.parse({ path: 'Packages', content: buildBdbHash(blobs) }).map((p) => p.purl)).toEqual(fromSqlite);
  });

  it('parses a spec file statically', () => {
    const pds = rpmSpecfileHandler.parse({ path: 'hello-tiny.spec', content: read('hello-tiny.spec') });
    expectGolden(pds, join(data, 'hello-tiny.spec.expected.json'));
    expect(pds.map((p) => p.purl)).toEqual(['pkg:rpm/hello-tiny@1:1.2.0-3', 'pkg:rpm/hello-tiny-doc@1:1.2.0-3']);
  });

  it('throws a clear message on broken files', () => {
    const rpm = read('hello-tiny-1.2.0-3.noarch.rpm');
    expect(() => readRpmFile(rpm.subarray(0, 50))).toThrow(/no 96-byte lead/);
    expect(() => readRpmFile(rpm.subarray(0, 2000))).toThrow(/truncated RPM (header|file)/);
    const bad = Buffer.from(rpm);
    bad.writeUInt32BE(0x7fffffff, 96 + 8);
    expect(() => readRpmFile(bad)).toThrow(/invalid RPM header: \d+ index entries/);
    const sqlite = read(SQLITE);
    expect(() => rpmSqliteHandler.parse({ path: SQLITE, content: sqlite.subarray(0, 1500) })).toThrow(/page \d+ out of range|SQLite/);
    expect(() => rpmSqliteHandler.parse({ path: SQLITE, content: Buffer.from('SQLite format 2') })).toThrow(/not an SQLite database/);
    const ndb = buildNdb(headerBlobs());
    expect(() => rpmNdbHandler.parse({ path: 'Packages.db', content: ndb.subarray(0, 5000) })).toThrow(/truncated rpm NDB database/);
    const bdb = buildBdbHash(headerBlobs());
    expect(() => rpmBdbHandler.parse({ path: 'Packages', content: bdb.subarray(0, 4096 * 3) })).toThrow(/truncated Berkeley DB/);
    const loop = Buffer.from(bdb);
    loop.writeUInt32LE(2, 2 * 4096 + 16); // overflow page 2 points to itself
    loop.writeUInt16LE(10, 2 * 4096 + 22);
    expect(() => rpmBdbHandler.parse({ path: 'Packages', content: loop })).toThrow(/Berkeley DB/);
    expect(() => rpmSpecfileHandler.parse({ path: 'x.spec', content: Buffer.from('%description\nnothing\n') })).toThrow(/no Name tag/);
  });

  it('assembles installed packages with the os-release namespace and their files', () => {
    const ctx = assembleView(rootfsView(join(data, 'rootfs'), all), all);
    expectGolden(assemblySummary(ctx), join(data, 'rootfs.assembly.expected.json'));
    expect(ctx.packages.map((p) => p.purl)).toEqual(['pkg:rpm/fedora/hello-tiny-doc@1:1.2.0-3?arch=noarch', 'pkg:rpm/fedora/hello-tiny@1:1.2.0-3?arch=noarch']);
    expect(ctx.links.get('usr/bin/hello-tiny')).toEqual([ctx.packages[1].package_uid]);
    expect(ctx.messages).toEqual([expect.objectContaining({ severity: 'warning', description: expect.stringContaining('/usr/share/doc/hello-tiny/README') })]);
  });

  it('assembles an NDB database in a SUSE layout', () => {
    const view = new CodebaseView(
      [
        { path: 'usr', type: 'directory' }, { path: 'usr/bin', type: 'directory' }, { path: 'usr/lib/os-release', type: 'file' }, { path: 'usr/bin/hello-tiny', type: 'file' },
        { path: 'usr/lib/sysimage/rpm/Packages.db', type: 'file', packageData: rpmNdbHandler.parse({ path: 'Packages.db', content: buildNdb(headerBlobs()) }) },
      ],
      (p) => (p === 'usr/lib/os-release' ? Buffer.from('ID="opensuse-leap"\nVERSION_ID="15.5"\n') : null),
    );
    const ctx = assembleView(view, all);
    expect(ctx.packages.map((p) => p.purl)).toEqual(['pkg:rpm/opensuse-leap/hello-tiny-doc@1:1.2.0-3?arch=noarch', 'pkg:rpm/opensuse-leap/hello-tiny@1:1.2.0-3?arch=noarch']);
    expect(ctx.links.get('usr/bin/hello-tiny')).toHaveLength(1);
  });
});
