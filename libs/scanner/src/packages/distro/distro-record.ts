/**
 * The distro of a root filesystem as ScanCode.io reports it (container-inspector's `Distro`,
 * stored in `extra_data.images[].distro` and `extra_data.root_filesystems[].distro`), and
 * ScanCode.io's supported-distro check that gates the system-package step.
 */
import type { OsRelease } from './os-release';

export interface DistroRecord {
  os: string | null;
  architecture: string | null;
  name: string | null;
  version: string | null;
  identifier: string | null;
  /** ID_LIKE as written (`"rhel fedora"`); `[]` when unset on an image (container-inspector's default). */
  id_like: string | string[] | null;
  version_codename: string | null;
  version_id: string | null;
  pretty_name: string | null;
  cpe_name: string | null;
  home_url: string | null;
  documentation_url: string | null;
  support_url: string | null;
  bug_report_url: string | null;
  privacy_policy_url: string | null;
  build_id: string | null;
  variant: string | null;
  variant_id: string | null;
  logo: string | null;
  /** os-release keys with no field of their own (UBUNTU_CODENAME, REDHAT_SUPPORT_PRODUCT...). */
  extra_data: Record<string, string>;
}

/** The empty record, in container-inspector's field order (which the JSON keeps). */
export function emptyDistro(): DistroRecord {
  return {
    os: null, architecture: null, name: null, version: null, identifier: null, id_like: [], version_codename: null,
    version_id: null, pretty_name: null, cpe_name: null, home_url: null, documentation_url: null, support_url: null,
    bug_report_url: null, privacy_policy_url: null, build_id: null, variant: null, variant_id: null, logo: null, extra_data: {},
  };
}

/** os-release keys and the field each fills; every other key but ANSI_COLOR goes to extra_data. */
const FIELDS: ReadonlyArray<[string, keyof DistroRecord]> = [
  ['ARCHITECTURE', 'architecture'], ['VERSION', 'version'], ['ID_LIKE', 'id_like'], ['VERSION_CODENAME', 'version_codename'],
  ['VERSION_ID', 'version_id'], ['PRETTY_NAME', 'pretty_name'], ['CPE_NAME', 'cpe_name'], ['HOME_URL', 'home_url'],
  ['DOCUMENTATION_URL', 'documentation_url'], ['SUPPORT_URL', 'support_url'], ['BUG_REPORT_URL', 'bug_report_url'],
  ['PRIVACY_POLICY_URL', 'privacy_policy_url'], ['BUILD_ID', 'build_id'], ['VARIANT', 'variant'], ['VARIANT_ID', 'variant_id'], ['LOGO', 'logo'],
];
const CONSUMED = new Set(['OS', 'NAME', 'ID', 'ANSI_COLOR', ...FIELDS.map(([k]) => k)]);

/**
 * container-inspector's `Distro.from_os_release_file`: `linux` for a missing or empty OS, NAME
 * and ID, the other fields as written (ID is not lower-cased there either), unknown keys kept.
 */
export function distroFromOsReleaseFields(fields: OsRelease): DistroRecord {
  const d = emptyDistro();
  d.os = fields['OS'] || 'linux';
  d.name = fields['NAME'] || 'linux';
  d.identifier = fields['ID'] || 'linux';
  d.id_like = null;
  for (const [key, field] of FIELDS) (d as unknown as Record<string, unknown>)[field] = fields[key] ?? null;
  for (const [key, value] of Object.entries(fields)) if (!CONSUMED.has(key)) d.extra_data[key] = value;
  return d;
}

/**
 * `Distro.merge`: the base (from an image config: os, architecture, os.version) updated with
 * every non-empty field of the distro found in the rootfs.
 */
export function mergeDistro(base: DistroRecord, found: DistroRecord): DistroRecord {
  const out = { ...base, extra_data: { ...base.extra_data } } as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(found)) if (isNonEmpty(value)) out[key] = value;
  return out as unknown as DistroRecord;
}

function isNonEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** ScanCode.io's SUPPORTED_DISTROS (pipes/rootfs.py): the ids whose package databases it reads. */
export const SUPPORTED_DISTROS: readonly string[] = [
  'alpine', 'debian', 'ubuntu', 'rhel', 'centos', 'fedora', 'sles', 'opensuse', 'opensuse-tumbleweed', 'mariner', 'photon', 'windows', 'rocky',
];

/**
 * ScanCode.io's gate before collecting system packages: the error message it records (and the
 * step then skips the root), or null when the distro is supported.
 */
export function distroCheckMessage(distro: Pick<DistroRecord, 'identifier'> | null): string | null {
  if (!distro) return 'Distro not found.';
  const id = distro.identifier ?? '';
  return SUPPORTED_DISTROS.includes(id) ? null : `Distro "${id}" is not supported.`;
}
