/**
 * The attribution template context (reference §8): `project` {name, notes, created_date};
 * `packages`, each package record plus `package_url`, `licenses` and `expression_links` (the
 * simplified declared expression with each key linked to `#license_<key>`); `licenses`, the
 * unique licenses of all packages sorted by SPDX key. Unknown keys get a
 * `LicenseRef-unknown-<key>` placeholder.
 */
import type { PackageRecord } from '@sca/contracts';
import type { ReportInput } from '../report/report-input';
import { expressionKeys, parseLicenseExpression, renderExpression, simplifyExpression, type LicenseNode } from './license-expression';
import { escapeHtml } from './template-engine';

export interface LicenseTextEntry {
  key: string;
  spdx: string;
  name: string;
  text: string;
}

export type LicenseTextLookup = (spdxOrScancodeKey: string) => LicenseTextEntry | null;

/** A license as the template sees it (`spdx_license_key` as in ScanCode.io templates). */
export interface AttributionLicense {
  key: string;
  spdx_license_key: string;
  name: string;
  text: string;
  /** ScanCode LicenseDB page; empty for unknown keys. */
  licensedb_url: string;
  is_unknown: boolean;
}

export type AttributionPackage = PackageRecord & { package_url: string; licenses: AttributionLicense[]; expression_links: string };

export interface AttributionContext {
  [key: string]: unknown;
  project: { name: string; notes: string; created_date: string };
  packages: AttributionPackage[];
  licenses: AttributionLicense[];
}

export const UNKNOWN_LICENSE_TEXT = 'ERROR: Unknown license key, no text available.';

/** Memoized lookup of licenses by expression key, with placeholders for unknown keys. */
export function licenseResolver(lookup: LicenseTextLookup): (key: string) => AttributionLicense {
  const cache = new Map<string, AttributionLicense>();
  return (key) => {
    let license = cache.get(key);
    if (license === undefined) {
      const entry = lookup(key);
      license = entry
        ? {
            key: entry.key, spdx_license_key: entry.spdx, name: entry.name, text: entry.text, is_unknown: false,
            licensedb_url: `https://scancode-licensedb.aboutcode.org/${encodeURIComponent(entry.key)}`,
          }
        : { key, spdx_license_key: `LicenseRef-unknown-${key}`, name: key, text: UNKNOWN_LICENSE_TEXT, licensedb_url: '', is_unknown: true };
      cache.set(key, license);
    }
    return license;
  };
}

function parseOrNull(expression: string): LicenseNode | null {
  try {
    return parseLicenseExpression(expression);
  } catch {
    return null;
  }
}

/** One package's context entry. An unparsable expression is shown as escaped text, unlinked. */
export function attributionPackage(record: PackageRecord, resolve: (key: string) => AttributionLicense): AttributionPackage {
  const expression = record.declared_license_expression ?? '';
  const parsed = expression ? parseOrNull(expression) : null;
  const licenses = expressionKeys(parsed).map(resolve);
  const uniqueLicenses = [...new Map(licenses.map((license) => [license.key, license])).values()];
  const expressionLinks = parsed
    ? renderExpression(simplifyExpression(parsed), (key) => {
        const license = resolve(key);
        return `<a href="#license_${escapeHtml(license.key)}">${escapeHtml(license.spdx_license_key)}</a>`;
      })
    : escapeHtml(expression);
  return { ...record, package_url: record.purl, licenses: uniqueLicenses, expression_links: expressionLinks };
}

/** Builds the full context, reading every package of `input`. */
export async function buildAttributionContext(input: ReportInput, lookup: LicenseTextLookup): Promise<AttributionContext> {
  const resolve = licenseResolver(lookup);
  const packages: AttributionPackage[] = [];
  for await (const record of input.packages()) packages.push(attributionPackage(record, resolve));

  const byKey = new Map<string, AttributionLicense>();
  for (const pkg of packages) for (const license of pkg.licenses) if (!byKey.has(license.key)) byKey.set(license.key, license);
  const licenses = [...byKey.values()].sort((a, b) => (a.spdx_license_key < b.spdx_license_key ? -1 : a.spdx_license_key > b.spdx_license_key ? 1 : 0));

  const { name, notes, created_date } = input.project;
  return { project: { name, notes, created_date }, packages, licenses };
}
