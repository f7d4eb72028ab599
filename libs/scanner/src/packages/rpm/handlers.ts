/**
 * RPM handlers: `rpm_archive` (.rpm files) and the three installed-database backends. The
 * databases yield one PackageData per header blob, with its file list; assembly (ScanCode's
 * BaseRpmInstalledDatabaseHandler.assemble) namespaces each package from the rootfs os-release
 * ID and links the files it installed, recording the missing ones.
 */
import { assembleInstalledDatabase, rootOf } from '../distro/system-package';
import type { DatafileHandler } from '../handler';
import type { PackageData } from '../package-data';
import { rpmPackageData } from './build';
import { readHeaderBlob, readRpmFile } from './header';
import { bdbHashValues, ndbBlobs } from './ndb-bdb';
import { SqliteFile } from './sqlite-reader';

const WIKI = 'https://en.wikipedia.org/wiki/RPM_Package_Manager';

export const rpmArchiveHandler: DatafileHandler = {
  datasourceId: 'rpm_archive',
  pathPatterns: ['*.rpm', '*.src.rpm', '*.srpm', '*.mvl', '*.vip'],
  defaultPackageType: 'rpm',
  defaultPrimaryLanguage: null,
  description: 'RPM package archive',
  documentationUrl: WIKI,
  parse: ({ content }) => [rpmPackageData(readRpmFile(content).header, 'rpm_archive', false)],
};

function sqliteBlobs(content: Buffer): Buffer[] {
  const db = new SqliteFile(content);
  const root = db.tableRoot('Packages');
  if (root === null) throw new Error('not an rpm SQLite database: no Packages table');
  return db.rows(root).map((row) => row[1]).filter((v): v is Buffer => Buffer.isBuffer(v));
}

function installedDb(datasourceId: string, pattern: string, rootSuffix: string, description: string, documentationUrl: string, blobs: (b: Buffer) => Buffer[]): DatafileHandler {
  return {
    datasourceId,
    pathPatterns: [pattern],
    defaultPackageType: 'rpm',
    defaultPrimaryLanguage: null,
    description,
    documentationUrl,
    isSystem: true,
    // Values shorter than a header index (the BDB record counter) are not packages.
    parse: ({ content }) => blobs(content).filter((b) => b.length >= 8).map((b) => rpmPackageData(readHeaderBlob(b), datasourceId, true)),
    assemble(ctx, path, data: readonly PackageData[]) {
      assembleInstalledDatabase(ctx, path, data, rootOf(path, rootSuffix) ?? rootOf(path, 'usr/lib/sysimage/rpm/rpmdb.sqlite') ?? '');
    },
  };
}

export const rpmSqliteHandler = installedDb('rpm_installed_database_sqlite', '*rpm/rpmdb.sqlite', 'var/lib/rpm/rpmdb.sqlite', 'RPM installed package SQLite database', 'https://fedoraproject.org/wiki/Changes/Sqlite_Rpmdb', sqliteBlobs);
export const rpmNdbHandler = installedDb('rpm_installed_database_ndb', '*usr/lib/sysimage/rpm/Packages.db', 'usr/lib/sysimage/rpm/Packages.db', 'RPM installed package NDB database', 'https://fedoraproject.org/wiki/Changes/NewRpmDBFormat', ndbBlobs);
export const rpmBdbHandler = installedDb('rpm_installed_database_bdb', '*var/lib/rpm/Packages', 'var/lib/rpm/Packages', 'RPM installed package BDB database', 'https://man7.org/linux/man-pages/man8/rpmdb.8.html', bdbHashValues);
