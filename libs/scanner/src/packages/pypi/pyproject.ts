/** pyproject.toml: the PEP 621 `[project]` table, and Poetry's `[tool.poetry]` table. */
import { saneYamlDump } from '../saneyaml';
import { parse as parseToml } from 'smol-toml';
import type { DatafileHandler } from '../handler';
import { dependencyPurl, packageData, type DependencyInput, type Party } from '../package-data';
import { assemblePoetry, assemblePythonLayout } from './assemble';
import { declaredLicense, getUrls, keywords, mappingMetaInfo, parseNameEmail, person } from './metainfo';
import { requiresDependencies } from './requirement';

export function parseTomlText(content: Buffer, what: string): Record<string, unknown> {
  try {
    return parseToml(content.toString('utf8')) as Record<string, unknown>;
  } catch (e) {
    throw new Error(`invalid ${what} TOML: ${(e as Error).message.split('\n')[0]}`);
  }
}

function isPoetry(content: Buffer): boolean {
  return content.toString('utf8').includes('tool.poetry');
}

function pyprojectParties(table: Record<string, unknown>): Party[] {
  const out: Party[] = [];
  for (const [key, role] of [['authors', 'author'], ['maintainers', 'maintainer']]) {
    const list = Array.isArray(table[key]) ? (table[key] as unknown[]) : [];
    for (const p of list) {
      if (typeof p === 'string') {
        const { name, email } = parseNameEmail(p);
        out.push(person(role, name, email));
      } else if (p && typeof p === 'object') out.push(person(role, (p as Record<string, unknown>)['name'], (p as Record<string, unknown>)['email']));
    }
  }
  return out;
}

/** The fields PEP 621 and Poetry tables share in ScanCode. */
function commonFields(table: Record<string, unknown>, poetry: boolean) {
  const name = typeof table['name'] === 'string' ? table['name'] : null;
  const version = typeof table['version'] === 'string' ? table['version'] : null;
  const meta = mappingMetaInfo(table);
  const { urls, extraData } = getUrls(meta, name, version, poetry);
  const { statement, licenseFile } = declaredLicense(meta);
  if (licenseFile) extraData['license_file'] = licenseFile;
  return {
    type: 'pypi', primary_language: 'Python', name, version, extracted_license_statement: statement && saneYamlDump(statement),
    description: typeof table['description'] === 'string' ? table['description'].trim() : null,
    keywords: keywords(meta), parties: pyprojectParties(table), extra_data: extraData, ...urls,
  };
}

export const pyprojectHandler: DatafileHandler = {
  datasourceId: 'pypi_pyproject_toml',
  pathPatterns: ['*pyproject.toml'],
  defaultPackageType: 'pypi',
  defaultPrimaryLanguage: 'Python',
  description: 'Python pyproject.toml',
  documentationUrl: 'https://packaging.python.org/en/latest/specifications/pyproject-toml/',
  parse: ({ content }) => {
    const data = parseTomlText(content, 'pyproject.toml');
    const project = data['project'] as Record<string, unknown> | undefined;
    if (isPoetry(content) || !project || typeof project !== 'object') return [];
    const deps: DependencyInput[] = requiresDependencies(project['dependencies'] as unknown[] ?? []);
    for (const [scope, reqs] of Object.entries((project['optional-dependencies'] ?? {}) as Record<string, unknown[]>)) {
      deps.push(...requiresDependencies(reqs, { defaultScope: scope, isOptional: true }));
    }
    return [packageData('pypi_pyproject_toml', { ...commonFields(project, false), dependencies: deps })];
  },
  assemble: assemblePythonLayout,
};

function poetryDependencies(table: unknown, scope: string, isRuntime: boolean): DependencyInput[] {
  const out: DependencyInput[] = [];
  for (const [name, req] of Object.entries((table ?? {}) as Record<string, unknown>)) {
    if (isRuntime && name === 'python') continue;
    let requirement: string | null = null;
    let isOptional = false;
    const extraData: Record<string, unknown> = {};
    if (typeof req === 'string') requirement = req;
    else if (req && typeof req === 'object' && !Array.isArray(req)) {
      const r = req as Record<string, unknown>;
      requirement = typeof r['version'] === 'string' ? r['version'] : null;
      isOptional = Boolean(r['optional']);
      if (r['python']) extraData['python_version'] = r['python'];
    }
    out.push({ purl: dependencyPurl('pypi', null, name), extracted_requirement: requirement, scope, is_runtime: isRuntime, is_optional: isOptional, is_direct: true, is_pinned: false, extra_data: extraData });
  }
  return out;
}

export const poetryPyprojectHandler: DatafileHandler = {
  datasourceId: 'pypi_poetry_pyproject_toml',
  pathPatterns: ['*pyproject.toml'],
  defaultPackageType: 'pypi',
  defaultPrimaryLanguage: 'Python',
  description: 'Python poetry pyproject.toml',
  documentationUrl: 'https://packaging.python.org/en/latest/specifications/pyproject-toml/',
  parse: ({ content }) => {
    if (!isPoetry(content)) return [];
    const data = parseTomlText(content, 'pyproject.toml');
    const poetry = (data['tool'] as Record<string, unknown> | undefined)?.['poetry'] as Record<string, unknown> | undefined;
    if (!poetry || typeof poetry !== 'object') return [];
    const deps = [
      ...poetryDependencies(poetry['dependencies'], 'dependencies', true),
      ...poetryDependencies(poetry['dev-dependencies'], 'dev-dependencies', false),
    ];
    for (const [group, groupData] of Object.entries((poetry['group'] ?? {}) as Record<string, Record<string, unknown>>)) {
      for (const [name, req] of Object.entries((groupData?.['dependencies'] ?? {}) as Record<string, unknown>)) {
        const requirement = typeof req === 'string' ? req : typeof (req as Record<string, unknown>)?.['version'] === 'string' ? ((req as Record<string, string>)['version']) : null;
        deps.push({ purl: dependencyPurl('pypi', null, name), extracted_requirement: requirement, scope: group, is_runtime: false, is_optional: false, is_direct: true, is_pinned: false });
      }
    }
    return [packageData('pypi_poetry_pyproject_toml', { ...commonFields(poetry, true), dependencies: deps })];
  },
  assemble: assemblePoetry,
};
