/**
 * PackageData, Package and Dependency in ScanCode-toolkit's JSON shape (packagedcode/models.py,
 * toolkit 32.x): the field names and their order are part of the output contract, so every
 * record is built through the factories below, which emit the fields in the toolkit's order.
 */
import { PackageURL } from 'packageurl-js';

export interface Party {
  type: string | null;
  role: string | null;
  name: string | null;
  email: string | null;
  url: string | null;
}

export interface ResolvedPackage extends Partial<PackageDataFields> {
  [key: string]: unknown;
}

/** A dependency as declared inside one datafile (`package_data[].dependencies[]`). */
/**
 * A datafile's license statement as its handler extracts it: text, or the structure ScanCode keeps
 * (npm: the list of declared licenses) until license detection turns it into YAML text.
 */
export type LicenseStatement = string | unknown[] | Record<string, unknown> | null;

export interface DependentPackage {
  purl: string | null;
  extracted_requirement: string | null;
  scope: string | null;
  is_runtime: boolean;
  is_optional: boolean;
  is_pinned: boolean;
  is_direct: boolean;
  /** A full PackageData (lockfiles) or `{}`. */
  resolved_package: PackageData | Record<string, never>;
  extra_data: Record<string, unknown>;
}

export interface FileReference {
  path: string;
  size?: number | null;
  sha1?: string | null;
  md5?: string | null;
  sha256?: string | null;
  sha512?: string | null;
  extra_data?: Record<string, unknown>;
}

export interface PackageDataFields {
  type: string | null;
  namespace: string | null;
  name: string | null;
  version: string | null;
  qualifiers: Record<string, string>;
  subpath: string | null;
  primary_language: string | null;
  description: string | null;
  release_date: string | null;
  parties: Party[];
  keywords: string[];
  homepage_url: string | null;
  download_url: string | null;
  size: number | null;
  sha1: string | null;
  md5: string | null;
  sha256: string | null;
  sha512: string | null;
  bug_tracking_url: string | null;
  code_view_url: string | null;
  vcs_url: string | null;
  copyright: string | null;
  holder: string | null;
  declared_license_expression: string | null;
  declared_license_expression_spdx: string | null;
  license_detections: Record<string, unknown>[];
  other_license_expression: string | null;
  other_license_expression_spdx: string | null;
  other_license_detections: Record<string, unknown>[];
  extracted_license_statement: LicenseStatement;
  notice_text: string | null;
  source_packages: string[];
  file_references: FileReference[];
  is_private: boolean;
  is_virtual: boolean;
  extra_data: Record<string, unknown>;
  dependencies: DependentPackage[];
  repository_homepage_url: string | null;
  repository_download_url: string | null;
  api_data_url: string | null;
  datasource_id: string;
  purl: string | null;
}

export type PackageData = PackageDataFields;

/** The order of `package_data[]` fields in toolkit JSON. */
export const PACKAGE_DATA_FIELDS: readonly (keyof PackageData)[] = [
  'type', 'namespace', 'name', 'version', 'qualifiers', 'subpath', 'primary_language', 'description',
  'release_date', 'parties', 'keywords', 'homepage_url', 'download_url', 'size', 'sha1', 'md5', 'sha256',
  'sha512', 'bug_tracking_url', 'code_view_url', 'vcs_url', 'copyright', 'holder',
  'declared_license_expression', 'declared_license_expression_spdx', 'license_detections',
  'other_license_expression', 'other_license_expression_spdx', 'other_license_detections',
  'extracted_license_statement', 'notice_text', 'source_packages', 'file_references', 'is_private',
  'is_virtual', 'extra_data', 'dependencies', 'repository_homepage_url', 'repository_download_url',
  'api_data_url', 'datasource_id', 'purl',
];

/** What a parser fills in: anything but the datasource id, which the factory takes separately. */
export type PackageDataInput = Partial<Omit<PackageData, 'datasource_id' | 'purl' | 'dependencies'>> & {
  dependencies?: DependencyInput[];
};

export type DependencyInput = Partial<Omit<DependentPackage, 'resolved_package'>> & {
  purl: string | null;
  resolved_package?: PackageData | Record<string, never>;
};

const EMPTY: Omit<PackageData, 'datasource_id'> = {
  type: null, namespace: null, name: null, version: null, qualifiers: {}, subpath: null, primary_language: null,
  description: null, release_date: null, parties: [], keywords: [], homepage_url: null, download_url: null, size: null,
  sha1: null, md5: null, sha256: null, sha512: null, bug_tracking_url: null, code_view_url: null, vcs_url: null,
  copyright: null, holder: null, declared_license_expression: null, declared_license_expression_spdx: null,
  license_detections: [], other_license_expression: null, other_license_expression_spdx: null,
  other_license_detections: [], extracted_license_statement: null, notice_text: null, source_packages: [],
  file_references: [], is_private: false, is_virtual: false, extra_data: {}, dependencies: [],
  repository_homepage_url: null, repository_download_url: null, api_data_url: null, purl: null,
};

/** Builds a PackageData in the toolkit's field order, with its purl computed from the purl parts. */
export function packageData(datasourceId: string, input: PackageDataInput): PackageData {
  const out = {} as Record<string, unknown>;
  for (const f of PACKAGE_DATA_FIELDS) {
    if (f === 'datasource_id') out[f] = datasourceId;
    else if (f === 'dependencies') out[f] = (input.dependencies ?? []).map(dependentPackage);
    else if (f === 'purl') out[f] = null;
    else {
      const v = (input as Record<string, unknown>)[f];
      out[f] = v === undefined || v === '' ? cloneEmpty(EMPTY[f as keyof typeof EMPTY]) : v;
    }
  }
  const data = out as unknown as PackageData;
  data.purl = purlOf(data);
  return data;
}

export function dependentPackage(input: DependencyInput): DependentPackage {
  return {
    purl: input.purl,
    extracted_requirement: input.extracted_requirement ?? null,
    scope: input.scope ?? null,
    is_runtime: input.is_runtime ?? true,
    is_optional: input.is_optional ?? false,
    is_pinned: input.is_pinned ?? false,
    is_direct: input.is_direct ?? true,
    resolved_package: input.resolved_package ?? {},
    extra_data: input.extra_data ?? {},
  };
}

function cloneEmpty<T>(v: T): T {
  if (Array.isArray(v)) return [] as T;
  if (v && typeof v === 'object') return {} as T;
  return v;
}

/** The purl string of purl parts, or null when there is no type or name. Uses packageurl-js. */
export function purlOf(p: Pick<PackageData, 'type' | 'namespace' | 'name' | 'version' | 'qualifiers' | 'subpath'>): string | null {
  if (!p.type || !p.name) return null;
  try {
    const q = p.qualifiers && Object.keys(p.qualifiers).length ? p.qualifiers : undefined;
    return new PackageURL(p.type, p.namespace || undefined, p.name, p.version || undefined, q, p.subpath || undefined).toString();
  } catch {
    return null;
  }
}

/** Purl parts of a purl string, or null when it does not parse. */
export function parsePurl(purl: string): { type: string; namespace: string | null; name: string; version: string | null; qualifiers: Record<string, string>; subpath: string | null } | null {
  try {
    const p = PackageURL.fromString(purl);
    return {
      type: p.type,
      namespace: p.namespace ?? null,
      name: p.name,
      version: p.version ?? null,
      qualifiers: (p.qualifiers as Record<string, string> | undefined) ?? {},
      subpath: p.subpath ?? null,
    };
  } catch {
    return null;
  }
}

/** Builds a dependency purl (no version unless pinned) from parts; null when a part is invalid. */
export function dependencyPurl(type: string, namespace: string | null, name: string, version?: string | null): string | null {
  return purlOf({ type, namespace, name, version: version ?? null, qualifiers: {}, subpath: null });
}
