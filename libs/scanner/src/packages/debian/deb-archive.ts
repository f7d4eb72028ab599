/**
 * `debian_deb`: a .deb archive, described from its file name `<name>_<version>_<arch>.deb` as
 * ScanCode does (debian_inspector's DebArchive.from_filename; `%3a` in the version is the epoch
 * colon). The archive content is not read (ScanCode does not either; control.tar.xz, the usual
 * member, cannot be decompressed synchronously here); only its `!<arch>` magic is checked.
 */
import { baseName } from '../assembly';
import type { DatafileHandler } from '../handler';
import { packageData } from '../package-data';

const AR_MAGIC = '!<arch>\n';

export function debianFromFilename(fileName: string, datasourceId: string) {
  const stem = fileName.replace(/\.deb$/, '');
  const [name, version, architecture] = stem.split('_');
  return packageData(datasourceId, {
    type: 'deb',
    name: name || null,
    version: version ? decodeURIComponent(version.replace(/%(?![0-9a-fA-F]{2})/g, '%25')) : null,
    qualifiers: architecture ? { arch: architecture } : {},
  });
}

export const debianDebHandler: DatafileHandler = {
  datasourceId: 'debian_deb',
  pathPatterns: ['*.deb'],
  defaultPackageType: 'deb',
  defaultPrimaryLanguage: null,
  description: 'Debian binary package archive',
  documentationUrl: 'https://manpages.debian.org/unstable/dpkg-dev/deb.5.en.html',
  parse({ path, content }) {
    if (content.subarray(0, AR_MAGIC.length).toString('latin1') !== AR_MAGIC) throw new Error('not a Debian .deb archive: missing "!<arch>" magic');
    return [debianFromFilename(baseName(path), 'debian_deb')];
  },
};
