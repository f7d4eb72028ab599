/**
 * One DiscoveredPackage record as a CycloneDX component, the way ScanCode.io's
 * `DiscoveredPackage.as_cyclonedx()` maps the fields.
 */
import { Enums, Models } from '@cyclonedx/cyclonedx-library';
import parseSpdx from 'spdx-expression-parse';
import type { Party, PackageRecord } from '@sca/contracts';

/** Fields CycloneDX has no place for, kept as `aboutcode:<field>` properties (aboutcode-cyclonedx-taxonomy). */
const PROPERTY_FIELDS = ['filename', 'primary_language', 'download_url', 'homepage_url', 'notice_text', 'package_uid'] as const;

/** URL fields as external references; those already kept as properties are skipped. */
const URL_FIELD_TO_REFERENCE_TYPE: readonly [keyof PackageRecord, Enums.ExternalReferenceType][] = [
  ['api_data_url', Enums.ExternalReferenceType.BOM],
  ['bug_tracking_url', Enums.ExternalReferenceType.IssueTracker],
  ['code_view_url', Enums.ExternalReferenceType.Other],
  ['download_url', Enums.ExternalReferenceType.Distribution],
  ['homepage_url', Enums.ExternalReferenceType.Website],
  ['repository_download_url', Enums.ExternalReferenceType.Distribution],
  ['repository_homepage_url', Enums.ExternalReferenceType.Website],
  ['vcs_url', Enums.ExternalReferenceType.VCS],
];

const HASH_FIELDS: readonly ['md5' | 'sha1' | 'sha256' | 'sha512', Enums.HashAlgorithm][] = [
  ['md5', Enums.HashAlgorithm.MD5],
  ['sha1', Enums.HashAlgorithm['SHA-1']],
  ['sha256', Enums.HashAlgorithm['SHA-256']],
  ['sha512', Enums.HashAlgorithm['SHA-512']],
];

/** Party roles that make a component author. */
const AUTHOR_ROLES = new Set(['author', 'maintainer']);

/**
 * The bom-ref ScanCode.io gives a package, its `package_uid` (else its purl), with the purl's
 * percent-encoded `@`, `:` and `/` written plainly (`pkg:npm/@types/node@20.0.0?uuid=…`):
 * cdxgen's cdx-validate refuses encoded references, and a bom-ref is only a reference inside
 * the document (the component's purl keeps its encoding).
 */
export function packageBomRef(pkg: PackageRecord): string {
  return (pkg.package_uid || pkg.purl).replace(/%40/g, '@').replace(/%3A/gi, ':').replace(/%2F/gi, '/');
}

/** Parties with an author or maintainer role that have a name or an email. */
export function authorParties(pkg: PackageRecord): Party[] {
  return pkg.parties.filter((party) => AUTHOR_ROLES.has(party.role ?? '') && (party.name || party.email));
}

function propertyValue(pkg: PackageRecord, field: (typeof PROPERTY_FIELDS)[number]): string {
  const value = (pkg as unknown as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : '';
}

/** A license statement that is itself a valid SPDX expression of known ids (npm's `"license": "MIT"`). */
function spdxExpressionOf(statement: string): string | null {
  try {
    parseSpdx(statement);
    return statement;
  } catch {
    return null;
  }
}

/**
 * The package's license: its declared expression; else, when no detection ran (a packages-only
 * run such as inspect_packages) but the package states its license, that statement, as an SPDX
 * expression when it is one and as a named license otherwise. SCVS and the EU CRA ask for the
 * license of every component wherever it is known.
 */
function packageLicenses(pkg: PackageRecord): Models.LicenseRepository {
  const licenses = new Models.LicenseRepository();
  if (pkg.declared_license_expression_spdx) {
    licenses.add(new Models.LicenseExpression(pkg.declared_license_expression_spdx));
    return licenses;
  }
  const statement = (pkg.extracted_license_statement ?? '').replace(/\s+/g, ' ').trim();
  if (!statement) return licenses;
  const expression = spdxExpressionOf(statement);
  licenses.add(expression ? new Models.LicenseExpression(expression) : new Models.NamedLicense(statement.slice(0, MAX_LICENSE_NAME)));
  return licenses;
}

/** A statement kept as a license name is cut here (a whole license text is no name). */
const MAX_LICENSE_NAME = 200;

export function packageToComponent(pkg: PackageRecord): Models.Component {
  const licenses = packageLicenses(pkg);

  const hashes = new Models.HashDictionary();
  for (const [field, algorithm] of HASH_FIELDS) if (pkg[field]) hashes.set(algorithm, pkg[field]);

  // Sorted by name, as ScanCode.io's Python library keeps them.
  const properties = new Models.PropertyRepository();
  for (const field of [...PROPERTY_FIELDS].sort()) {
    const value = propertyValue(pkg, field);
    if (value) properties.add(new Models.Property(`aboutcode:${field}`, value));
  }

  const externalReferences = new Models.ExternalReferenceRepository();
  const propertyFieldNames = new Set<string>(PROPERTY_FIELDS);
  for (const [field, type] of URL_FIELD_TO_REFERENCE_TYPE) {
    const url = pkg[field];
    if (typeof url === 'string' && url && !propertyFieldNames.has(field)) externalReferences.add(new Models.ExternalReference(url, type));
  }

  let evidence: Models.ComponentEvidence | undefined;
  if (pkg.other_license_expression_spdx) {
    evidence = new Models.ComponentEvidence({
      licenses: new Models.LicenseRepository([new Models.LicenseExpression(pkg.other_license_expression_spdx)]),
    });
  }

  // The library's Component has only the legacy `author` string; the 1.6 `authors` list is
  // added to the JSON output by the writer (see cyclonedx-writer.ts).
  const authorNames = authorParties(pkg).map((party) => party.name || party.email).join(', ');

  return new Models.Component(Enums.ComponentType.Library, pkg.name, {
    bomRef: packageBomRef(pkg),
    version: pkg.version || undefined,
    purl: pkg.purl || undefined, // the real purl, never the package_uid
    licenses,
    copyright: pkg.copyright || undefined,
    description: pkg.description || undefined,
    hashes,
    properties,
    externalReferences,
    evidence,
    author: authorNames || undefined,
  });
}
