/** pip requirements files, Pipfile and Pipfile.lock: dependency-only datafiles. */
import { parse as parseToml } from 'smol-toml';
import type { DatafileHandler } from '../handler';
import { dependencyPurl, packageData, type DependencyInput } from '../package-data';
import { assemblePythonLayout } from './assemble';
import { canonicalName, parseRequirement, pinnedVersion, specifierString, type Specifier } from './requirement';
import { parseRequirementsFile, requirementPurlName } from './requirements-file';

const base = { defaultPackageType: 'pypi', defaultPrimaryLanguage: 'Python', assemble: assemblePythonLayout } as const;

export const requirementsHandler: DatafileHandler = {
  ...base,
  datasourceId: 'pip_requirements',
  pathPatterns: ['*requirement*.txt', '*requirement*.pip', '*requirement*.in', '*requires.txt', '*requirements/*.txt', '*requirements/*.pip', '*requirements/*.in', '*reqs.txt'],
  description: 'pip requirements file',
  documentationUrl: 'https://pip.pypa.io/en/latest/reference/requirements-file-format/',
  parse: ({ path, content }) => {
    const file = parseRequirementsFile(content.toString('utf8'));
    const dev = /(dev|test|tests)\.txt$/.test(path);
    const deps: DependencyInput[] = file.requirements.map((line) => {
      const name = requirementPurlName(line);
      return {
        purl: name ? dependencyPurl('pypi', null, name, line.pinnedVersion) : null,
        scope: dev ? 'development' : 'install',
        is_runtime: !dev,
        is_optional: dev,
        is_pinned: line.pinnedVersion !== null,
        extracted_requirement: line.text,
        extra_data: { ...line.flags },
      };
    });
    if (!deps.length) return [packageData('pip_requirements', { type: 'pypi', primary_language: 'Python' })];
    return [packageData('pip_requirements', { type: 'pypi', primary_language: 'Python', dependencies: deps, extra_data: file.options })];
  },
};

/** dparse2's reading of a Pipfile / Pipfile.lock entry: a name and an optional specifier set. */
function dparseDependency(name: string, spec: string | null, extraData: Record<string, unknown> = {}): DependencyInput | null {
  let specs: Specifier[] = [];
  if (spec && spec !== '*') {
    try {
      specs = parseRequirement(`${name}${spec}`).specifiers;
    } catch {
      return null;
    }
  }
  const version = pinnedVersion(specs);
  return {
    purl: dependencyPurl('pypi', null, canonicalName(name), version),
    scope: 'install',
    is_runtime: true,
    is_optional: false,
    is_pinned: version !== null,
    extracted_requirement: specs.length ? specifierString(specs) : name,
    extra_data: extraData,
  };
}

function entrySpec(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as Record<string, unknown>)['version'] === 'string') return (value as Record<string, string>)['version'];
  return null;
}

export const pipfileHandler: DatafileHandler = {
  ...base,
  datasourceId: 'pipfile',
  pathPatterns: ['*Pipfile'],
  description: 'Pipfile',
  documentationUrl: 'https://github.com/pypa/pipfile',
  parse: ({ content }) => {
    const data = parseToml(content.toString('utf8')) as Record<string, unknown>;
    const deps: DependencyInput[] = [];
    for (const table of ['packages', 'dev-packages']) {
      for (const [name, value] of Object.entries((data[table] ?? {}) as Record<string, unknown>)) {
        const dep = dparseDependency(name, entrySpec(value));
        if (dep) deps.push(dep);
      }
    }
    return [packageData('pipfile', { type: 'pypi', primary_language: 'Python', dependencies: deps })];
  },
};

export const pipfileLockHandler: DatafileHandler = {
  ...base,
  datasourceId: 'pipfile_lock',
  pathPatterns: ['*Pipfile.lock'],
  description: 'Pipfile.lock',
  documentationUrl: 'https://github.com/pypa/pipfile',
  parse: ({ content }) => {
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(content.toString('utf8')) as Record<string, unknown>;
    } catch (e) {
      throw new Error(`invalid Pipfile.lock JSON: ${(e as Error).message}`);
    }
    const meta = (data['_meta'] ?? {}) as Record<string, Record<string, unknown>>;
    const sha256 = typeof meta['hash']?.['sha256'] === 'string' ? (meta['hash']['sha256'] as string) : null;
    const deps: DependencyInput[] = [];
    for (const section of ['default', 'develop']) {
      for (const [name, value] of Object.entries((data[section] ?? {}) as Record<string, Record<string, unknown>>)) {
        const hashes = Array.isArray(value?.['hashes']) ? value['hashes'] : [];
        const dep = dparseDependency(name, entrySpec(value), hashes.length ? { hashes } : {});
        if (dep) deps.push(dep);
      }
    }
    return [packageData('pipfile_lock', { type: 'pypi', primary_language: 'Python', sha256, dependencies: deps })];
  },
};
