/**
 * Core metadata datafiles: installed wheel METADATA, sdist / egg / editable-install PKG-INFO,
 * and the wheel and egg archives themselves (their METADATA / PKG-INFO read from the zip).
 */
import type { DatafileHandler, DatafileInput } from '../handler';
import { fnmatch } from '../fnmatch';
import type { PackageData } from '../package-data';
import { parseCoreMetadata, type DistFiles } from './core-metadata';
import { readZip } from './zip';
import { assembleEggPkgInfo, assembleEditablePkgInfo, assembleInstalledWheel, assemblePythonLayout } from './assemble';

const META_DIR_SUFFIXES = ['.dist-info', '.egg-info', 'EGG-INFO'];

const base = { defaultPackageType: 'pypi', defaultPrimaryLanguage: 'Python' } as const;

function text(content: Buffer): string {
  return content.toString('utf8');
}

/**
 * The file lists and requirements next to a METADATA / PKG-INFO in an installed layout
 * (`.dist-info`, `.egg-info`, `EGG-INFO`), as ScanCode reads them through importlib_metadata:
 * RECORD or SOURCES.txt become file_references, requires.txt the requirements when there is no
 * Requires-Dist.
 */
function installedFiles(input: DatafileInput): DistFiles {
  const dir = input.path.split('/').slice(-2, -1)[0] ?? '';
  if (!input.sibling || !META_DIR_SUFFIXES.some((s) => dir.endsWith(s))) return {};
  const read = (name: string) => input.sibling?.(name)?.toString('utf8') ?? null;
  return { record: read('RECORD'), sources: read('SOURCES.txt'), requiresTxt: read('requires.txt') };
}

export const wheelMetadataHandler: DatafileHandler = {
  ...base,
  datasourceId: 'pypi_wheel_metadata',
  pathPatterns: ['*.dist-info/METADATA'],
  description: 'PyPI installed wheel METADATA',
  documentationUrl: 'https://packaging.python.org/en/latest/specifications/core-metadata/',
  parse: (input) => [parseCoreMetadata('pypi_wheel_metadata', text(input.content), installedFiles(input))],
  assemble: assembleInstalledWheel,
};

export const eggPkgInfoHandler: DatafileHandler = {
  ...base,
  datasourceId: 'pypi_egg_pkginfo',
  pathPatterns: ['*/EGG-INFO/PKG-INFO'],
  description: 'PyPI extracted egg PKG-INFO',
  documentationUrl: 'https://peps.python.org/pep-0376/',
  parse: (input) => [parseCoreMetadata('pypi_egg_pkginfo', text(input.content), installedFiles(input))],
  assemble: assembleEggPkgInfo,
};

export const editableEggPkgInfoHandler: DatafileHandler = {
  ...base,
  datasourceId: 'pypi_editable_egg_pkginfo',
  pathPatterns: ['*.egg-info/PKG-INFO'],
  description: 'PyPI editable local installation PKG-INFO',
  documentationUrl: 'https://peps.python.org/pep-0376/',
  parse: (input) => [parseCoreMetadata('pypi_editable_egg_pkginfo', text(input.content), installedFiles(input))],
  assemble: assembleEditablePkgInfo,
};

export const sdistPkgInfoHandler: DatafileHandler = {
  ...base,
  datasourceId: 'pypi_sdist_pkginfo',
  pathPatterns: ['*/PKG-INFO'],
  description: 'PyPI extracted sdist PKG-INFO',
  documentationUrl: 'https://peps.python.org/pep-0314/',
  // An egg or editable-install PKG-INFO belongs to its own handler only.
  accepts: (_head, path) => {
    const p = path.startsWith('/') ? path : `/${path}`;
    return !fnmatch(p, '*/EGG-INFO/PKG-INFO') && !fnmatch(p, '*.egg-info/PKG-INFO');
  },
  parse: ({ content }) => [parseCoreMetadata('pypi_sdist_pkginfo', text(content))],
  assemble: assemblePythonLayout,
};

/** Every `<meta dir>/<file name>` at the top of the archive, parsed with its sibling file lists. */
function parseArchive(datasourceId: string, content: Buffer, metaName: string): PackageData[] {
  const entries = readZip(content);
  const byName = new Map(entries.map((e) => [e.name, e]));
  const out: PackageData[] = [];
  for (const entry of entries) {
    const parts = entry.name.split('/');
    if (parts.length !== 2 || !META_DIR_SUFFIXES.some((s) => parts[0].endsWith(s)) || !parts[1].endsWith(metaName)) continue;
    const sibling = (name: string) => byName.get(`${parts[0]}/${name}`)?.read().toString('utf8') ?? null;
    out.push(parseCoreMetadata(datasourceId, entry.read().toString('utf8'), {
      record: sibling('RECORD'),
      sources: sibling('SOURCES.txt'),
      requiresTxt: sibling('requires.txt'),
    }));
  }
  return out;
}

export const wheelHandler: DatafileHandler = {
  ...base,
  datasourceId: 'pypi_wheel',
  pathPatterns: ['*.whl'],
  description: 'PyPI wheel',
  documentationUrl: 'https://peps.python.org/pep-0427/',
  parse: ({ content }) => parseArchive('pypi_wheel', content, 'METADATA'),
};

export const eggHandler: DatafileHandler = {
  ...base,
  datasourceId: 'pypi_egg',
  pathPatterns: ['*.egg'],
  description: 'PyPI egg',
  documentationUrl: 'https://web.archive.org/web/20210604075235/http://peak.telecommunity.com/DevCenter/PythonEggs',
  parse: ({ content }) => parseArchive('pypi_egg', content, 'PKG-INFO'),
};
