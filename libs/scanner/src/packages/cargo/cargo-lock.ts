/**
 * `cargo_lock`: Rust Cargo.lock lockfiles (ScanCode packagedcode/cargo.py CargoLockHandler).
 * Every [[package]] is a pinned, resolved dependency whose `resolved_package` carries the
 * checksum (v3/v4 `checksum` keys, or the v1 [metadata] "checksum name version (source)" table)
 * and its own dependencies. Entries without a `source` are the workspace's own crates.
 */
import type { DatafileHandler } from '../handler';
import { dependencyPurl, packageData, type DependencyInput, type PackageData } from '../package-data';
import { assembleCargo } from './assemble';
import { CARGO_COMMON, cratesUrls, isTable, loadToml, str, strings, type TomlTable } from './common';

interface LockedCrate {
  name: string;
  version: string | null;
  source: string | null;
  checksum: string | null;
  dependencies: string[];
}

export function parseCargoLock(content: Buffer): PackageData[] {
  const toml = loadToml(content, 'Cargo.lock');
  const v1Checksums = isTable(toml['metadata']) ? toml['metadata'] : {};
  const crates = (Array.isArray(toml['package']) ? toml['package'] : []).filter(isTable).map((p) => lockedCrate(p, v1Checksums));
  const byName = new Map<string, LockedCrate[]>();
  for (const c of crates) byName.set(c.name, [...(byName.get(c.name) ?? []), c]);
  // Direct dependencies: those the local (source-less) crates name.
  const direct = new Set(crates.filter((c) => !c.source).flatMap((c) => c.dependencies.map((d) => resolveRef(d, byName))));
  const dependencies: DependencyInput[] = crates.map((c) => ({
    purl: dependencyPurl('cargo', null, c.name, c.version),
    extracted_requirement: c.version,
    scope: 'dependencies',
    is_runtime: true,
    is_optional: false,
    is_pinned: true,
    is_direct: direct.has(`${c.name}@${c.version}`),
    resolved_package: resolvedCrate(c, byName),
  }));
  const extra: Record<string, unknown> = {};
  if (toml['version'] !== undefined) extra['lockfile_version'] = toml['version'];
  return [packageData('cargo_lock', { type: 'cargo', primary_language: 'Rust', extra_data: extra, dependencies })];
}

function lockedCrate(p: TomlTable, v1Checksums: TomlTable): LockedCrate {
  const name = str(p['name']) ?? '';
  const version = str(p['version']);
  const source = str(p['source']);
  const v1 = str(v1Checksums[`checksum ${name} ${version} (${source})`]);
  return { name, version, source, checksum: str(p['checksum']) ?? (v1 && v1 !== '<none>' ? v1 : null), dependencies: strings(p['dependencies']) };
}

/** A lock reference is `name`, `name version` or `name version (source)`: the `name@version` key. */
function resolveRef(ref: string, byName: Map<string, LockedCrate[]>): string {
  const [name, version] = ref.split(' ');
  return `${name}@${version ?? byName.get(name)?.[0]?.version ?? null}`;
}

function resolvedCrate(c: LockedCrate, byName: Map<string, LockedCrate[]>): PackageData {
  const extra: Record<string, unknown> = {};
  if (c.source) extra['source'] = c.source;
  return packageData('cargo_lock', {
    type: 'cargo',
    name: c.name,
    version: c.version,
    primary_language: 'Rust',
    sha256: c.checksum,
    ...cratesUrls(c.name, c.version),
    extra_data: extra,
    dependencies: c.dependencies.map((ref) => {
      const [name, version] = resolveRef(ref, byName).split('@');
      const pinned = version !== 'null' ? version : null;
      return { purl: dependencyPurl('cargo', null, name, pinned), extracted_requirement: pinned, scope: 'dependencies', is_pinned: pinned !== null, is_direct: true };
    }),
  });
}

export const cargoLockHandler: DatafileHandler = {
  datasourceId: 'cargo_lock',
  pathPatterns: ['*/Cargo.lock', '*/cargo.lock'],
  ...CARGO_COMMON,
  description: 'Rust Cargo.lock dependencies lockfile',
  documentationUrl: 'https://doc.rust-lang.org/cargo/guide/cargo-toml-vs-cargo-lock.html',
  parse: ({ content }) => parseCargoLock(content),
  assemble: assembleCargo,
};
