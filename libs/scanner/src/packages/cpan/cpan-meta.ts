/**
 * `cpan_meta_json` (CPAN::Meta::Spec v2, META.json) and `cpan_meta_yml` (v1.4, META.yml). ScanCode
 * 32 only names these datafiles (packagedcode/misc.py, no parser), so the fields follow the spec:
 * name/version of the distribution, abstract, author(s) as parties, license as the extracted
 * statement, resources as URLs and prerequisites as dependencies. A prerequisite scope is its
 * relationship for the runtime phase (`requires`, `recommends`, `suggests`) and
 * `<phase>_<relationship>` otherwise (`build_requires`, `test_requires`, `configure_requires`),
 * the names META.yml uses; recommends/suggests and develop prerequisites are optional. A version
 * is a minimum unless written `== x`, which pins it. Conflicts are not dependencies and are skipped.
 */
import { dependencyPurl, packageData, type DependencyInput, type PackageData, type Party } from '../package-data';

export type Meta = Record<string, unknown>;

export const isObject = (v: unknown): v is Meta => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'number' ? String(v) : typeof v === 'string' && v.trim() ? v.trim() : null);
const texts = (v: unknown): string[] => (Array.isArray(v) ? v : [v]).map(text).filter((s): s is string => s !== null);

const PHASES = ['runtime', 'configure', 'build', 'test', 'develop'];
const RELATIONSHIPS = ['requires', 'recommends', 'suggests'];
/** META.yml 1.x prerequisite keys: [key, phase, relationship]. */
const V1_KEYS: [string, string, string][] = [
  ['requires', 'runtime', 'requires'],
  ['recommends', 'runtime', 'recommends'],
  ['build_requires', 'build', 'requires'],
  ['test_requires', 'test', 'requires'],
  ['configure_requires', 'configure', 'requires'],
];

/** `Jane Doe <jane@example.org>` as a party. */
function authorParty(author: string): Party {
  const m = /^(.*?)\s*<([^>]*)>\s*$/.exec(author);
  return { type: 'person', role: 'author', name: (m ? m[1] : author).trim() || null, email: m ? m[2].trim() || null : null, url: null };
}

function prerequisites(modules: unknown, phase: string, relationship: string): DependencyInput[] {
  if (!isObject(modules)) return [];
  const scope = phase === 'runtime' ? relationship : `${phase}_${relationship}`;
  return Object.entries(modules).map(([module, version]) => {
    const requirement = text(version);
    const exact = requirement ? /^==\s*v?([\d._]+)$/.exec(requirement)?.[1] ?? null : null;
    return {
      purl: dependencyPurl('cpan', null, module, exact), extracted_requirement: requirement, scope,
      is_runtime: phase === 'runtime', is_optional: relationship !== 'requires' || phase === 'develop', is_pinned: exact !== null, is_direct: true,
    };
  });
}

function dependencies(meta: Meta, isV2: boolean): DependencyInput[] {
  if (isV2) {
    const prereqs = isObject(meta['prereqs']) ? meta['prereqs'] : {};
    return PHASES.flatMap((phase) => {
      const p = prereqs[phase];
      return isObject(p) ? RELATIONSHIPS.flatMap((rel) => prerequisites(p[rel], phase, rel)) : [];
    });
  }
  return V1_KEYS.flatMap(([key, phase, rel]) => prerequisites(meta[key], phase, rel));
}

/** v2 resources are maps (`repository: {url, web}`, `bugtracker: {web, mailto}`), v1 plain URLs. */
function urls(resources: Meta) {
  const repo = resources['repository'];
  const bugs = resources['bugtracker'];
  return {
    homepage_url: text(resources['homepage']),
    vcs_url: isObject(repo) ? text(repo['url']) : text(repo),
    code_view_url: isObject(repo) ? text(repo['web']) : null,
    bug_tracking_url: isObject(bugs) ? text(bugs['web']) ?? text(bugs['mailto']) : text(bugs),
  };
}

export function cpanPackageData(meta: Meta, datasourceId: string): PackageData {
  const isV2 = datasourceId === 'cpan_meta_json';
  const name = text(meta['name']);
  const version = text(meta['version']);
  const licenses = texts(meta['license']).filter((l) => l !== 'unknown');
  const extra: Meta = {};
  for (const key of ['release_status', 'dynamic_config', 'generated_by']) if (meta[key] !== undefined) extra[key] = meta[key];
  const spec = isObject(meta['meta-spec']) ? text(meta['meta-spec']['version']) : null;
  if (spec) extra['meta_spec_version'] = spec;
  return packageData(datasourceId, {
    type: 'cpan', name, version, primary_language: 'Perl',
    description: text(meta['abstract']),
    parties: texts(meta['author']).map(authorParty),
    keywords: texts(meta['keywords']),
    ...urls(isObject(meta['resources']) ? meta['resources'] : {}),
    extracted_license_statement: licenses.length > 1 ? licenses.map((l) => `- ${l}\n`).join('') : licenses[0] ?? null,
    extra_data: extra,
    repository_homepage_url: name ? `https://metacpan.org/release/${name}` : null,
    dependencies: dependencies(meta, isV2),
  });
}
