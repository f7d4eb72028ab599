/**
 * Debian control files: `debian/control` in a source tree (one PackageData per paragraph, the
 * Source paragraph included, as ScanCode does) and the `control` file of an extracted .deb.
 */
import { datafileDir, linkTree, parentPath } from '../assembly';
import type { DatafileHandler } from '../handler';
import type { PackageData } from '../package-data';
import { buildDebianPackageData } from './build';
import { parseParagraphs } from './deb822';
import { assembleExtractedDeb } from './files-list';

export function parseControlText(content: Buffer, datasourceId: string, firstOnly: boolean): PackageData[] {
  if (content.includes(0)) throw new Error('not a Debian control file: binary content');
  const paragraphs = parseParagraphs(content.toString('utf8'));
  if (!paragraphs.length) throw new Error('not a Debian control file: no paragraph');
  return (firstOnly ? paragraphs.slice(0, 1) : paragraphs).map((p) => buildDebianPackageData(p, datasourceId));
}

const CONTROL_DOC = 'https://www.debian.org/doc/debian-policy/ch-controlfields.html';

export const debianControlInSourceHandler: DatafileHandler = {
  datasourceId: 'debian_control_in_source',
  pathPatterns: ['*/debian/control'],
  defaultPackageType: 'deb',
  defaultPrimaryLanguage: null,
  description: 'Debian control file - source layout',
  documentationUrl: CONTROL_DOC,
  parse: ({ content }) => parseControlText(content, 'debian_control_in_source', false),
  // Each paragraph is a package of the source tree two levels up (the directory holding debian/).
  assemble(ctx, path, data) {
    const root = parentPath(datafileDir(path));
    for (const pd of data) {
      const pkg = pd.purl ? ctx.createPackage(pd, path) : null;
      ctx.addDependencies(pd, path, pkg);
      if (!pkg) continue;
      ctx.link(path, pkg);
      if (root !== null) linkTree(ctx, pkg, root);
    }
    ctx.markProcessed(path);
  },
};

export const debianControlExtractedDebHandler: DatafileHandler = {
  datasourceId: 'debian_control_extracted_deb',
  pathPatterns: ['*/control.tar.gz-extract/control', '*/control.tar.xz-extract/control'],
  defaultPackageType: 'deb',
  defaultPrimaryLanguage: null,
  description: 'Debian control file - extracted layout',
  documentationUrl: CONTROL_DOC,
  parse: ({ content }) => parseControlText(content, 'debian_control_extracted_deb', true),
  assemble: (ctx, path) => assembleExtractedDeb(ctx, path),
};
