import { licenseEntry } from '../license/license-keys';

/** Categories of other licenses that conflict with a permissive declared license (ScanCode's clarity score). */
const CONFLICTING = new Set(['Commercial', 'Copyleft', 'Proprietary Free', 'Source-available']);

/** ScanCode's `category` of a license key, from the LicenseDB ('' for a key it does not know). */
export function categoryOf(key: string): string {
  return licenseEntry(key)?.category ?? '';
}

/** Whether a license of this category in the other key files conflicts with a permissive declared license. */
export function isConflictingCategory(category: string): boolean {
  return CONFLICTING.has(category);
}
