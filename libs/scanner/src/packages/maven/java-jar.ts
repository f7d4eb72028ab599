/**
 * `java_jar`: a `.jar` archive. ScanCode 32 has no parser for it (its handler's `parse` is not
 * implemented, so recognition records a bare PackageData with only the datasource id) and does
 * not assemble it; the jar's content is handled after extraction (MANIFEST.MF, pom.xml).
 */
import type { DatafileHandler } from '../handler';
import { packageData } from '../package-data';

export const javaJarHandler: DatafileHandler = {
  datasourceId: 'java_jar',
  pathPatterns: ['*.jar'],
  defaultPackageType: 'jar',
  defaultPrimaryLanguage: 'Java',
  description: 'JAR Java Archive',
  documentationUrl: 'https://en.wikipedia.org/wiki/JAR_(file_format)',
  // ScanCode's filetypes check ('zip archive', 'java archive'): a zip local header or empty-zip marker.
  accepts: (head) => head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5) && (head[3] === 4 || head[3] === 6),
  parse: () => [packageData('java_jar', {})],
  assemble: (ctx, path) => ctx.markProcessed(path),
};
