/** poetry.lock and uv.lock: every locked package as a resolved, pinned, non-direct dependency. */
import type { DatafileHandler } from '../handler';
import { dependencyPurl, packageData, type DependencyInput } from '../package-data';
import { assemblePoetry, assembleUv } from './assemble';
import { pypiUrls } from './metainfo';
import { parseTomlText } from './pyproject';

type Table = Record<string, unknown>;

function str(v: unknown): string | null {
  return typeof v === 'string' && v ? v : null;
}

function poetryLockedDependencies(pkg: Table): DependencyInput[] {
  const out: DependencyInput[] = [];
  for (const [name, req] of Object.entries((pkg['dependencies'] ?? {}) as Table)) {
    const requirement = typeof req === 'string' ? req : str((req as Table | null)?.['version']);
    out.push({ purl: dependencyPurl('pypi', null, name), extracted_requirement: requirement, scope: 'dependencies', is_runtime: true, is_optional: false, is_direct: true, is_pinned: false });
  }
  for (const [group, list] of Object.entries((pkg['extras'] ?? {}) as Record<string, unknown[]>)) {
    for (const dep of Array.isArray(list) ? list : []) {
      if (typeof dep !== 'string') continue;
      const m = /^(.*?) \((.*)\)$/.exec(dep);
      out.push({ purl: dependencyPurl('pypi', null, m ? m[1] : dep), extracted_requirement: m ? m[2] : null, scope: group, is_runtime: false, is_optional: false, is_direct: true, is_pinned: false });
    }
  }
  return out;
}

export const poetryLockHandler: DatafileHandler = {
  datasourceId: 'pypi_poetry_lock',
  pathPatterns: ['*poetry.lock'],
  defaultPackageType: 'pypi',
  defaultPrimaryLanguage: 'Python',
  description: 'Python poetry lockfile',
  documentationUrl: 'https://python-poetry.org/docs/basic-usage/#installing-with-poetrylock',
  parse: ({ content }) => {
    const data = parseTomlText(content, 'poetry.lock');
    const packages = data['package'];
    if (!Array.isArray(packages) || !packages.length) return [];
    const metadata = (data['metadata'] ?? {}) as Table;
    const deps: DependencyInput[] = (packages as Table[]).map((pkg) => {
      const name = str(pkg['name']);
      const version = str(pkg['version']);
      const resolved = packageData('pypi_poetry_lock', {
        type: 'pypi', primary_language: 'Python', name, version, description: str(metadata['description']),
        is_virtual: true, dependencies: poetryLockedDependencies(pkg), ...pypiUrls(name, version),
      });
      // ScanCode: `package.get("is_optional") or True`, so always optional.
      return { purl: resolved.purl, extracted_requirement: null, scope: null, is_runtime: true, is_optional: true, is_direct: false, is_pinned: true, resolved_package: resolved };
    });
    return [packageData('pypi_poetry_lock', {
      type: 'pypi', primary_language: 'Python', dependencies: deps,
      extra_data: { python_version: metadata['python-versions'] ?? null, lock_version: metadata['lock-version'] ?? null },
    })];
  },
  assemble: assemblePoetry,
};

export const uvLockHandler: DatafileHandler = {
  datasourceId: 'pypi_uv_lock',
  pathPatterns: ['*uv.lock'],
  defaultPackageType: 'pypi',
  defaultPrimaryLanguage: 'Python',
  description: 'Python UV lockfile',
  documentationUrl: 'https://docs.astral.sh/uv/concepts/projects/sync/#the-uvlock-file',
  parse: ({ content }) => {
    const data = parseTomlText(content, 'uv.lock');
    const packages = data['package'];
    if (!Array.isArray(packages) || !packages.length) return [];
    const deps: DependencyInput[] = [];
    for (const pkg of packages as Table[]) {
      const source = (pkg['source'] ?? {}) as Table;
      // The editable / virtual root project is described by its own pyproject.toml.
      if ('editable' in source || 'virtual' in source) continue;
      const name = str(pkg['name']);
      if (!name) continue;
      const version = str(pkg['version']);
      const own: DependencyInput[] = [];
      for (const dep of (Array.isArray(pkg['dependencies']) ? pkg['dependencies'] : []) as Table[]) {
        const depName = str(dep?.['name']);
        if (depName) own.push({ purl: dependencyPurl('pypi', null, depName), extracted_requirement: str(dep['marker']), scope: 'dependencies', is_runtime: true, is_optional: false, is_direct: true, is_pinned: false });
      }
      const sdist = (pkg['sdist'] ?? null) as Table | null;
      const url = str(sdist?.['url']);
      const hash = str(sdist?.['hash']) ?? '';
      const urls = pypiUrls(name, version);
      if (url) urls.repository_download_url = url;
      const fileName = url ? url.slice(url.lastIndexOf('/') + 1) || null : null;
      const resolved = packageData('pypi_uv_lock', {
        type: 'pypi', primary_language: 'Python', name, version, qualifiers: fileName ? { file_name: fileName } : {},
        sha256: hash.startsWith('sha256:') ? hash.slice(7) : null, is_virtual: true, dependencies: own, ...urls,
      });
      deps.push({ purl: resolved.purl, extracted_requirement: null, scope: null, is_runtime: true, is_optional: false, is_direct: false, is_pinned: true, resolved_package: resolved });
    }
    const extraData: Table = {};
    if (data['requires-python']) extraData['python_requires'] = data['requires-python'];
    if (data['version'] !== undefined) extraData['lock_version'] = data['version'];
    if (data['revision'] !== undefined) extraData['revision'] = data['revision'];
    return [packageData('pypi_uv_lock', { type: 'pypi', primary_language: 'Python', extra_data: extraData, dependencies: deps })];
  },
  assemble: assembleUv,
};
