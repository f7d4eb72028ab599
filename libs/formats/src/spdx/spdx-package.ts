/**
 * SPDX package entries for the root element, DiscoveredPackages and unresolved
 * DiscoveredDependencies, with ScanCode.io's field choices (`as_spdx()` of each model).
 */
import { PackageURL } from 'packageurl-js';
import { stringify as stringifyYaml } from 'yaml';
import type { DependencyRecord, PackageRecord } from '@sca/contracts';
import type { ReportInputSource, ReportProject } from '../report/report-input';
import { spdxIds } from './spdx-ids';

export type SpdxPackage = Record<string, unknown>;
const NOASSERTION = 'NOASSERTION';

/** Package fields SPDX has no place for, YAML-encoded into the package `comment`. */
const COMMENT_FIELDS = ['primary_language', 'bug_tracking_url', 'code_view_url', 'vcs_url', 'repository_download_url', 'api_data_url'] as const;

function purlRef(purl: string): Record<string, string> {
  return { referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: purl };
}

/** Drops empty optional values, as ScanCode.io's `Package.as_dict()` does. */
function withoutEmpty(data: SpdxPackage): SpdxPackage {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => (Array.isArray(value) ? value.length > 0 : value !== '' && value !== undefined && value !== null)));
}

/** The package comment: unsupported fields as YAML, parties in ScanCode.io's stored key order. */
export function packageComment(pkg: PackageRecord): string {
  const data: Record<string, unknown> = {};
  for (const field of COMMENT_FIELDS) if (pkg[field]) data[field] = pkg[field];
  if (pkg.parties.length) {
    data['parties'] = pkg.parties.map((party) => ({ url: party.url, name: party.name, role: party.role, type: party.type, email: party.email }));
  }
  return Object.keys(data).length ? stringifyYaml(data, { nullStr: '', indentSeq: true, lineWidth: 0 }) : '';
}

/** `YYYY-MM-DD` (or an ISO date-time) as SPDX's `YYYY-MM-DDThh:mm:ssZ`. */
export function spdxDate(value: string | null): string {
  if (!value) return '';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? '' : `${date.toISOString().slice(0, 19)}Z`;
}

export function packageToSpdx(pkg: PackageRecord, opts: { releaseDate: boolean }): SpdxPackage {
  const license = pkg.declared_license_expression_spdx || NOASSERTION;
  const checksums = (['sha1', 'md5'] as const)
    .filter((algorithm) => pkg[algorithm])
    .map((algorithm) => ({ algorithm: algorithm.toUpperCase(), checksumValue: pkg[algorithm] }));
  return {
    name: pkg.name,
    SPDXID: spdxIds.package(pkg.package_uid || pkg.purl),
    downloadLocation: pkg.download_url || NOASSERTION,
    licenseDeclared: license,
    licenseConcluded: license,
    copyrightText: pkg.copyright || NOASSERTION,
    filesAnalyzed: false,
    ...withoutEmpty({
      versionInfo: pkg.version,
      homepage: pkg.homepage_url,
      description: pkg.description,
      releaseDate: opts.releaseDate ? spdxDate(pkg.release_date) : '',
      comment: packageComment(pkg),
      checksums,
      externalRefs: pkg.purl ? [purlRef(pkg.purl)] : [],
      attributionTexts: pkg.notice_text ? [pkg.notice_text] : [],
    }),
  };
}

function purlNameVersion(purl: string): { name: string; version: string } {
  try {
    const parsed = PackageURL.fromString(purl);
    return { name: parsed.name, version: parsed.version ?? '' };
  } catch {
    const tail = purl.split(/[?#]/)[0]?.split('/').pop() ?? purl;
    const [name = purl, version = ''] = tail.split('@');
    return { name: decodeURIComponent(name), version: decodeURIComponent(version) };
  }
}

/** A dependency not resolved to a package, as a minimal package. */
export function dependencyToSpdx(dependency: DependencyRecord): SpdxPackage {
  const { name, version } = purlNameVersion(dependency.purl);
  return {
    name,
    SPDXID: spdxIds.dependency(dependency.dependency_uid || dependency.purl),
    downloadLocation: NOASSERTION,
    licenseDeclared: NOASSERTION,
    licenseConcluded: NOASSERTION,
    copyrightText: NOASSERTION,
    filesAnalyzed: false,
    ...withoutEmpty({ versionInfo: version, externalRefs: dependency.purl ? [purlRef(dependency.purl)] : [] }),
  };
}

/** The described root: the project's single input, else the project itself. */
export function rootPackage(project: ReportProject): SpdxPackage {
  const base = { licenseDeclared: NOASSERTION, licenseConcluded: NOASSERTION, copyrightText: NOASSERTION, filesAnalyzed: true };
  const sources = project.input_sources.filter((s): s is ReportInputSource => 'uuid' in s);
  const [input] = sources;
  if (sources.length === 1 && input) {
    return {
      name: input.filename,
      SPDXID: spdxIds.input(input.uuid),
      downloadLocation: input.download_url || NOASSERTION,
      ...base,
      packageFileName: input.filename,
    };
  }
  return { name: project.name, SPDXID: spdxIds.project(project.uuid), downloadLocation: NOASSERTION, ...base };
}
