/**
 * `cargo_toml`: Rust Cargo.toml manifests (ScanCode packagedcode/cargo.py CargoTomlHandler).
 * Fields declared as `{ workspace = true }` are inherited from the workspace root's
 * [workspace.package]: the parser marks them in extra_data (`"version": "workspace"`, as ScanCode
 * does for the version) and assembly fills them in (see assemble.ts).
 */
import type { DatafileHandler } from '../handler';
import { dependencyPurl, packageData, type DependencyInput, type PackageData } from '../package-data';
import { assembleCargo } from './assemble';
import { CARGO_COMMON, cratesUrls, isTable, loadToml, personParty, str, strings, type TomlTable } from './common';

const DEPENDENCY_KINDS = ['dependencies', 'dev-dependencies', 'build-dependencies'] as const;

/** [package] keys that may say `{ workspace = true }`. */
export const INHERITABLE_FIELDS = ['version', 'authors', 'description', 'homepage', 'repository', 'license', 'keywords', 'categories', 'edition', 'rust-version', 'documentation', 'readme', 'publish'] as const;

export function parseCargoToml(content: Buffer): PackageData[] {
  const toml = loadToml(content, 'Cargo.toml');
  const pkg = isTable(toml['package']) ? toml['package'] : {};
  const extra: Record<string, unknown> = {};
  for (const field of INHERITABLE_FIELDS) {
    const v = pkg[field];
    if (isTable(v) && v['workspace'] === true) extra[field] = 'workspace';
  }
  const name = str(pkg['name']);
  const version = str(pkg['version']);
  if (isTable(toml['workspace'])) extra['workspace'] = toml['workspace'];
  return [packageData('cargo_toml', {
    type: 'cargo',
    name,
    version,
    primary_language: 'Rust',
    description: str(pkg['description']),
    parties: strings(pkg['authors']).map((a) => personParty(a, 'author')),
    keywords: [...strings(pkg['keywords']), ...strings(pkg['categories'])],
    homepage_url: str(pkg['homepage']),
    vcs_url: str(pkg['repository']),
    extracted_license_statement: str(pkg['license']),
    ...cratesUrls(name, version),
    extra_data: extra,
    dependencies: cargoDependencies(toml),
  })];
}

/** [dependencies], [dev-dependencies], [build-dependencies], then [target.'cfg'.*] tables. */
function cargoDependencies(toml: TomlTable): DependencyInput[] {
  const deps: DependencyInput[] = [];
  for (const kind of DEPENDENCY_KINDS) {
    if (isTable(toml[kind])) deps.push(...dependencyTable(toml[kind], kind, null));
  }
  const targets = isTable(toml['target']) ? toml['target'] : {};
  for (const [target, table] of Object.entries(targets)) {
    if (!isTable(table)) continue;
    for (const kind of DEPENDENCY_KINDS) {
      if (isTable(table[kind])) deps.push(...dependencyTable(table[kind], kind, target));
    }
  }
  return deps;
}

function dependencyTable(table: TomlTable, scope: string, target: string | null): DependencyInput[] {
  const isRuntime = scope === 'dependencies';
  return Object.entries(table).map(([key, spec]) => {
    const extra: Record<string, unknown> = {};
    let requirement: string | null = null;
    let name = key;
    let optional = false;
    if (typeof spec === 'string') requirement = spec.trim() || null;
    else if (isTable(spec)) {
      requirement = str(spec['version']);
      name = str(spec['package']) ?? key;
      optional = spec['optional'] === true;
      for (const [k, v] of Object.entries(spec)) if (!['version', 'package', 'optional'].includes(k)) extra[k] = v;
      if (name !== key) extra['rename'] = key;
    }
    if (target) extra['target'] = target;
    const pinned = requirement ? /^=\s*([^,\s*]+)$/.exec(requirement)?.[1] ?? null : null;
    return {
      purl: dependencyPurl('cargo', null, name, pinned),
      extracted_requirement: requirement,
      scope,
      is_runtime: isRuntime,
      is_optional: optional,
      is_pinned: pinned !== null,
      is_direct: true,
      extra_data: extra,
    };
  });
}

export const cargoTomlHandler: DatafileHandler = {
  datasourceId: 'cargo_toml',
  pathPatterns: ['*/Cargo.toml', '*/cargo.toml'],
  ...CARGO_COMMON,
  description: 'Rust Cargo.toml package manifest',
  documentationUrl: 'https://doc.rust-lang.org/cargo/reference/manifest.html',
  parse: ({ content }) => parseCargoToml(content),
  assemble: assembleCargo,
};
