import type { KnownDifference } from '@sca/testing';

/**
 * The differences between ScanCode.io's image and rootfs goldens and our results, each with its
 * reason (kinds in libs/testing/src/golden/known-differences.ts). Areas: alpine, debian,
 * minitag, basic-rootfs (records) and <area>-extra (the project's extra_data).
 */
const AREAS = ['alpine', 'debian', 'minitag', 'basic-rootfs'];
const DEBIAN_AREAS = ['debian', 'basic-rootfs'];
const IMAGE_AREAS = ['alpine', 'debian', 'minitag'];

function forAreas(areas: string[], where: string, rest: Omit<KnownDifference, 'where'>): KnownDifference[] {
  return areas.map((area) => ({ ...rest, where: `${area}:${where}` }));
}

const DEP5 = 'A machine-readable (DEP-5) copyright file: ScanCode 32.x gives the primary license (header or `Files: *`) as declared and every paragraph\'s license as other_license_detections, with a YAML-like statement; the service keeps the declared license of the License fields (and ScanCode 32.3\'s Python-list statement). Follow-up with issue 18 (packages goldens).';

export const IMAGE_KNOWN_DIFFERENCES: KnownDifference[] = [
  // extra_data
  ...forAreas(IMAGE_AREAS.map((a) => `${a}-extra`), 'extra_data.images[*] key order', {
    kind: 'golden-harness',
    reason: 'extra_data is a jsonb column, here as in ScanCode.io (whose API answers in jsonb key order too); ScanCode.io\'s test wrote the golden from the project object in memory, in insertion order.',
  }),
  ...forAreas(['alpine-extra', 'debian-extra'], 'extra_data.images[*].distro key order', { kind: 'golden-harness', reason: 'As the images key order.' }),
  ...forAreas(IMAGE_AREAS.map((a) => `${a}-extra`), 'extra_data.images[*].layers[*] key order', { kind: 'golden-harness', reason: 'As the images key order.' }),
  { where: 'basic-rootfs-extra:extra_data.root_filesystems[*].distro key order', kind: 'golden-harness', reason: 'As the images key order.' },
  ...forAreas(IMAGE_AREAS.map((a) => `${a}-extra`), 'extra_data.images[*].layers[*].size', {
    kind: 'golden-source', golden: undefined, check: (_g, o) => typeof o === 'number' && o > 0,
    reason: 'The goldens predate container-inspector\'s layer size; the size of the layer archive is given.',
  }),

  // Resource file info
  ...forAreas(AREAS, 'files[*].is_top_level', {
    kind: 'departure', golden: false, ours: true,
    reason: 'The service classifies resources as the toolkit\'s --classify does (key files, top level); ScanCode.io leaves the flags false at collection (the same in scan_codebase).',
  }),
  ...forAreas(DEBIAN_AREAS, 'files[*].is_legal', { kind: 'departure', golden: false, ours: true, reason: 'As is_top_level: copyright files are legal files under --classify.' }),
  { where: 'alpine:files[*].is_readme', kind: 'departure', golden: false, ours: true, reason: 'As is_top_level: README is a readme under --classify.' },
  ...forAreas(AREAS, 'files[*].programming_language', {
    kind: 'service',
    reason: 'Pygments guesses a language from the content of files with no telling extension (ScanCode.io says Haxe for a dpkg status file); the service\'s lexer guesses differ on such files.',
  }),

  // The rootfs golden was extracted by extractcode, which renames `:` in file names.
  ...['libncurses5', 'libndp0'].flatMap((name) => [
    { where: `basic-rootfs:files[basic-rootfs.tar.gz-extract/var/lib/dpkg/info/${name}_amd64.md5sums]`, kind: 'golden-source' as const, ours: undefined, reason: 'extractcode renamed `<name>:amd64.md5sums` to `<name>_amd64.md5sums`; the service keeps the name the archive has.' },
    { where: `basic-rootfs:files[basic-rootfs.tar.gz-extract/var/lib/dpkg/info/${name}:amd64.md5sums]`, kind: 'golden-source' as const, golden: undefined, reason: 'As the renamed file above: here it is under its own name, and joins its package as system-package.' },
  ]),
  ...forAreas(['basic-rootfs'], 'packages[*].datasource_ids length', { kind: 'golden-source', golden: 2, ours: 3, reason: 'With its real name the md5sums file is found and merged (debian_installed_md5sums).' }),
  ...forAreas(['basic-rootfs'], 'packages[*].datafile_paths length', { kind: 'golden-source', golden: 2, ours: 3, reason: 'As datasource_ids.' }),
  ...forAreas(['basic-rootfs'], 'packages[*].extra_data.missing_file_references', { kind: 'golden-source', golden: undefined, reason: 'With the md5sums file found, the files it lists and the rootfs lacks are recorded as missing, as in the debian image golden.' }),

  // Debian installed packages
  ...forAreas(DEBIAN_AREAS, 'packages[*].parties length', { kind: 'service', golden: 1, ours: 2, reason: 'The dpkg maintainer fields as parties: the service also lists Original-Maintainer; ScanCode.io splits the maintainer\'s name and email.' }),
  ...forAreas(DEBIAN_AREAS, 'packages[*].parties[*].name', { kind: 'service', reason: 'As parties length.' }),
  ...forAreas(DEBIAN_AREAS, 'packages[*].parties[*].type', { kind: 'service', reason: 'As parties length.' }),
  ...forAreas(DEBIAN_AREAS, 'packages[*].parties[*].email', { kind: 'service', reason: 'As parties length.' }),
  // Debian copyright files: libncurses5's is unstructured (whole-file detection), libndp0's machine-readable
  ...['declared_license_expression', 'declared_license_expression_spdx', 'license_detections length', 'other_license_expression', 'other_license_expression_spdx',
    'other_license_detections length', 'extracted_license_statement'].flatMap((field) => forAreas(DEBIAN_AREAS, `packages[pkg:deb/ubuntu/libndp0@**].${field}`, { kind: 'service', reason: DEP5 })),

  // Alpine installed packages
  { where: 'alpine:packages[*].parties[*].name', kind: 'service', reason: 'The apk maintainer `Name <email>`: ScanCode.io keeps the trailing space of the name and the brackets of the email; the service trims them.' },
  { where: 'alpine:packages[*].parties[*].email', kind: 'service', reason: 'As parties name.' },
  { where: 'alpine:packages[*].vcs_url', kind: 'service', reason: 'The apk commit URL: newer ScanCode writes https for git.alpinelinux.org.' },
  { where: 'alpine:packages[*].extra_data.missing_file_references[*].sha1', kind: 'service', golden: null, reason: 'The service keeps the checksum (Z: line) of a missing installed file; ScanCode.io drops it.' },
];
