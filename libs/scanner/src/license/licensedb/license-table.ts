import type { LicenseDb } from './read-licensedb';

/** The license table's file name, next to the index in dist/licensedb/. */
export const LICENSE_TABLE_FILE = 'licenses.json';
/** Full license texts by key (read only by what shows texts: attribution notices, SBOM texts). */
export const LICENSE_TEXTS_FILE = 'license-texts.json';

/** What the service needs of each LicenseDB license besides matching: ids, names, category, text. */
export interface LicenseEntry {
  key: string;
  spdx_license_key: string;
  other_spdx_license_keys: string[];
  name: string;
  short_name: string;
  category: string;
  owner: string;
  is_exception: boolean;
  is_deprecated: boolean;
}

export function licenseTable(db: LicenseDb): LicenseEntry[] {
  return db.licenses.map((l) => ({
    key: l.key,
    spdx_license_key: l.spdxLicenseKey,
    other_spdx_license_keys: l.otherSpdxLicenseKeys,
    name: l.name,
    short_name: l.shortName,
    category: l.category,
    owner: l.owner,
    is_exception: l.isException,
    is_deprecated: l.isDeprecated,
  }));
}

export function licenseTexts(db: LicenseDb): Record<string, string> {
  return Object.fromEntries(db.licenses.map((l) => [l.key, l.text.replace(/^\n+/, '')]));
}
