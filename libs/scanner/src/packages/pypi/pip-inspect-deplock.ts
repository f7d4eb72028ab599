/**
 * `pypi_inspect_deplock`: the JSON report of `pip inspect` as DepLock saves it
 * (`pip-inspect.deplock`), read as ScanCode's PipInspectDeplockHandler does. The installed
 * distribution installed from a local directory and requested (it has a `direct_url`) is the
 * main package; every other installed distribution is a pinned dependency with its locked
 * package, direct when the user requested it or when the main package requires it. The main
 * package's requirements that no installed distribution answers follow as plain dependencies.
 */
import type { DatafileHandler } from '../handler';
import { dependentPackage, packageData, type DependencyInput, type PackageData } from '../package-data';
import { canonicalName, parseRequirement, requiresDependencies } from './requirement';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const DATASOURCE = 'pypi_inspect_deplock';

/** One installed distribution's core metadata (pip inspect's `metadata`) as a virtual package. */
function packageFromMetadata(metadata: Json): PackageData {
  const value = (key: string) => (metadata[key] === undefined ? null : metadata[key]);
  const data = packageData(DATASOURCE, {
    type: 'pypi',
    primary_language: 'Python',
    name: value('name') as string | null,
    version: value('version') as string | null,
    extracted_license_statement: value('license') as string | null,
    description: value('description') as string | null,
    is_virtual: true,
    dependencies: requiresDependencies(Array.isArray(metadata['requires_dist']) ? metadata['requires_dist'] : []),
  });
  // As ScanCode keeps it: the keywords list, or null when pip reports none.
  (data as { keywords: unknown }).keywords = Array.isArray(metadata['keywords']) ? metadata['keywords'].map(String) : null;
  return data;
}

/** `pkg:pypi/name`: a requirement's or a pinned purl's name, the only part the matching uses. */
function baseName(purl: string | null): string {
  const m = purl ? /^pkg:pypi\/([^@?#]+)/.exec(purl) : null;
  return m ? canonicalName(decodeURIComponent(m[1])) : '';
}

export function parsePipInspectDeplock(content: Buffer): PackageData[] {
  let json: unknown;
  try {
    json = JSON.parse(content.toString('utf8'));
  } catch (e) {
    throw new Error(`invalid pip-inspect.deplock JSON: ${(e as Error).message}`);
  }
  if (!isObject(json)) throw new Error('invalid pip-inspect.deplock: not a JSON object');
  const installed = json['installed'];
  if (!Array.isArray(installed) || installed.length === 0) return [];
  let main: Json = {};
  const requiredByMain = new Set<string>();
  const locked: DependencyInput[] = [];
  for (const entry of installed.filter(isObject)) {
    const metadata = isObject(entry['metadata']) ? entry['metadata'] : {};
    const requested = entry['requested'] === true;
    if (requested && 'direct_url' in entry) {
      main = metadata;
      for (const text of Array.isArray(metadata['requires_dist']) ? metadata['requires_dist'] : []) {
        try {
          requiredByMain.add(canonicalName(parseRequirement(String(text)).name));
        } catch {
          // An invalid requirement is skipped, as requiresDependencies skips it.
        }
      }
      continue;
    }
    const resolved = packageFromMetadata(metadata);
    locked.push({ purl: resolved.purl, extracted_requirement: null, scope: null, is_runtime: true, is_optional: false, is_pinned: true, is_direct: requested, resolved_package: resolved });
  }
  const answered = new Set<string>();
  for (const dep of locked) {
    if (requiredByMain.has(baseName(dep.purl ?? null))) {
      dep.is_direct = true;
      answered.add(baseName(dep.purl ?? null));
    }
  }
  const mainData = packageFromMetadata(main);
  const unanswered = mainData.dependencies.filter((d) => !answered.has(baseName(d.purl)));
  mainData.dependencies = [...locked.map(dependentPackage), ...unanswered];
  mainData.extra_data = { pip_version: json['pip_version'] ?? null, inspect_version: json['version'] ?? null };
  return [mainData];
}

export const pipInspectDeplockHandler: DatafileHandler = {
  datasourceId: DATASOURCE,
  pathPatterns: ['*pip-inspect.deplock'],
  defaultPackageType: 'pypi',
  defaultPrimaryLanguage: 'Python',
  // ScanCode's description for this handler, copied as it is (it names another file).
  description: 'Python poetry pyproject.toml',
  documentationUrl: 'https://pip.pypa.io/en/stable/cli/pip_inspect/',
  parse: ({ content }) => parsePipInspectDeplock(content),
};
