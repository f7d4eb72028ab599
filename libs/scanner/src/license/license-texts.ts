import { readFileSync } from 'node:fs';
import { licenseDataFile } from './index-data/index-file';
import { keyToSpdxId, licenseEntry, spdxIdToKey } from './license-keys';
import { LICENSE_TEXTS_FILE } from './licensedb/license-table';

/** What a notice or an SBOM needs to show one license: its keys, name and full text. */
export interface LicenseText {
  key: string;
  spdx: string;
  name: string;
  text: string;
}

let texts: Record<string, string> | null = null;

/**
 * The license behind a ScanCode key or an SPDX id (`LicenseRef-scancode-*` included), from
 * ScanCode's LicenseDB; null when no text is known for it.
 */
export function licenseText(keyOrSpdxId: string): LicenseText | null {
  const key = /[A-Z]/.test(keyOrSpdxId) || keyOrSpdxId.startsWith('LicenseRef-') ? spdxIdToKey(keyOrSpdxId) : keyOrSpdxId;
  texts ??= JSON.parse(readFileSync(licenseDataFile(LICENSE_TEXTS_FILE), 'utf8')) as Record<string, string>;
  const text = texts[key];
  if (!text) return null;
  return { key, spdx: keyToSpdxId(key), name: licenseEntry(key)?.name ?? key, text };
}
