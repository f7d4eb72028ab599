/**
 * `alpine_apk_archive`: ScanCode 32.x declares the handler but does not implement its parsing
 * (no package data from an .apk). Same here, with a check that the file is a gzip stream (an
 * Android .apk is a zip, also matched by `*.apk`: it yields nothing, without error).
 */
import type { DatafileHandler } from '../handler';

export const alpineApkArchiveHandler: DatafileHandler = {
  datasourceId: 'alpine_apk_archive',
  pathPatterns: ['*.apk'],
  defaultPackageType: 'alpine',
  defaultPrimaryLanguage: null,
  description: 'Alpine Linux .apk package archive',
  documentationUrl: 'https://wiki.alpinelinux.org/wiki/Alpine_package_format',
  parse({ content }) {
    const isZip = content[0] === 0x50 && content[1] === 0x4b;
    const isGzip = content[0] === 0x1f && content[1] === 0x8b;
    if (!isZip && !isGzip) throw new Error('not an Alpine .apk archive: no gzip header');
    return [];
  },
};
