/**
 * Top-level `packages[]` and `dependencies[]` records of toolkit JSON, built from PackageData.
 * Field orders follow ScanCode-toolkit 32.x (`Package.to_dict`, `Dependency.to_dict`).
 */
import { randomUUID } from 'node:crypto';
import { PackageURL } from 'packageurl-js';
import { PACKAGE_DATA_FIELDS, type DependentPackage, type PackageData } from '../package-data';
import { copyJson } from '../copy-json';

export type Package = Omit<PackageData, 'dependencies' | 'datasource_id' | 'file_references' | 'purl'> & {
  package_uid: string;
  datafile_paths: string[];
  datasource_ids: string[];
  purl: string | null;
};

export interface Dependency extends DependentPackage {
  dependency_uid: string;
  for_package_uid: string | null;
  datafile_path: string;
  datasource_id: string;
}

const PACKAGE_ONLY_FIELDS = new Set(['dependencies', 'datasource_id', 'file_references', 'purl']);
/** The order of top-level `packages[]` fields. */
export const PACKAGE_FIELDS: readonly string[] = [
  ...PACKAGE_DATA_FIELDS.filter((f) => !PACKAGE_ONLY_FIELDS.has(f)),
  'package_uid', 'datafile_paths', 'datasource_ids', 'purl',
];

export type UidFactory = () => string;
export const randomUid: UidFactory = () => randomUUID();

/** `<purl>?uuid=<uuid>`: ScanCode's package_uid / dependency_uid (the uuid joins the qualifiers). */
export function uidFor(purl: string, uuid: string): string {
  try {
    const p = PackageURL.fromString(purl);
    const q = { ...((p.qualifiers as Record<string, string> | undefined) ?? {}), uuid };
    return new PackageURL(p.type, p.namespace, p.name, p.version, q, p.subpath).toString();
  } catch {
    return `${purl}?uuid=${uuid}`;
  }
}

export function packageFromData(data: PackageData, datafilePath: string, uid: UidFactory): Package {
  const out = {} as Record<string, unknown>;
  for (const f of PACKAGE_FIELDS) {
    if (f === 'package_uid') out[f] = uidFor(data.purl ?? `pkg:${data.type ?? 'unknown'}/${data.name ?? 'unknown'}`, uid());
    else if (f === 'datafile_paths') out[f] = [datafilePath];
    else if (f === 'datasource_ids') out[f] = [data.datasource_id];
    else out[f] = copyJson((data as unknown as Record<string, unknown>)[f]);
  }
  return out as unknown as Package;
}

const LIST_MERGE_FIELDS = new Set(['parties', 'keywords', 'source_packages', 'license_detections', 'other_license_detections']);

/**
 * Merges another datafile's data into a package (ScanCode's `Package.update`, replace=False):
 * empty fields are filled, lists are extended with new items, extra_data merged, and the
 * datafile path and datasource id appended. Returns false when the data is for another package
 * (different type or name), which the caller then treats as a separate package.
 */
export function updatePackage(pkg: Package, data: PackageData, datafilePath: string): boolean {
  if (data.type && pkg.type && data.type !== pkg.type) return false;
  if (data.name && pkg.name && data.name !== pkg.name) return false;
  const target = pkg as unknown as Record<string, unknown>;
  for (const f of PACKAGE_FIELDS) {
    if (f === 'package_uid' || f === 'datafile_paths' || f === 'datasource_ids' || f === 'purl') continue;
    const v = (data as unknown as Record<string, unknown>)[f];
    const cur = target[f];
    if (v === null || v === undefined || v === '') continue;
    if (LIST_MERGE_FIELDS.has(f) && Array.isArray(cur) && Array.isArray(v)) {
      const seen = new Set(cur.map((x) => JSON.stringify(x)));
      for (const item of v) if (!seen.has(JSON.stringify(item))) cur.push(copyJson(item));
    } else if (f === 'extra_data' && cur && typeof cur === 'object') {
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (!(k in (cur as object))) (cur as Record<string, unknown>)[k] = x;
    } else if (f === 'qualifiers') {
      if (cur && Object.keys(cur as object).length === 0) target[f] = copyJson(v);
    } else if (cur === null || cur === undefined || cur === '' || (Array.isArray(cur) && cur.length === 0)) {
      target[f] = copyJson(v);
    }
  }
  if (!pkg.datafile_paths.includes(datafilePath)) pkg.datafile_paths.push(datafilePath);
  if (!pkg.datasource_ids.includes(data.datasource_id)) pkg.datasource_ids.push(data.datasource_id);
  if (!pkg.version && data.version) pkg.version = data.version;
  return true;
}

export function dependenciesFromData(data: PackageData, datafilePath: string, forPackageUid: string | null, uid: UidFactory): Dependency[] {
  return data.dependencies.map((d) => ({
    ...copyJson(d),
    dependency_uid: uidFor(d.purl ?? 'pkg:generic/unknown', uid()),
    for_package_uid: forPackageUid,
    datafile_path: datafilePath,
    datasource_id: data.datasource_id,
  }));
}
