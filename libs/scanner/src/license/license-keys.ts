import { readFileSync } from 'node:fs';
import { mapKeys, parseExpression, renderExpression } from './expression';
import { licenseDataFile } from './index-data/index-file';
import { LICENSE_TABLE_FILE, type LicenseEntry } from './licensedb/license-table';

interface KeyTables {
  entries: Map<string, LicenseEntry>;
  keyToSpdx: Map<string, string>;
  /** Lowercased SPDX id (or alias, `LicenseRef-scancode-*` included) → ScanCode key. */
  spdxToKey: Map<string, string>;
  exceptions: Set<string>;
}

let tables: KeyTables | null = null;

/** The LicenseDB's keys and ids (built into dist/licensedb/licenses.json), current licenses first. */
function loadTables(): KeyTables {
  if (tables) return tables;
  const all = JSON.parse(readFileSync(licenseDataFile(LICENSE_TABLE_FILE), 'utf8')) as LicenseEntry[];
  const ordered = [...all.filter((l) => !l.is_deprecated), ...all.filter((l) => l.is_deprecated)];
  const entries = new Map<string, LicenseEntry>();
  const keyToSpdx = new Map<string, string>();
  const spdxToKey = new Map<string, string>();
  const exceptions = new Set<string>();
  for (const l of ordered) {
    entries.set(l.key, l);
    keyToSpdx.set(l.key, l.spdx_license_key);
    if (l.is_exception) exceptions.add(l.key);
    for (const id of [l.spdx_license_key, ...l.other_spdx_license_keys, `LicenseRef-scancode-${l.key}`]) {
      const lower = id.toLowerCase();
      if (!spdxToKey.has(lower)) spdxToKey.set(lower, l.key);
    }
  }
  tables = { entries, keyToSpdx, spdxToKey, exceptions };
  return tables;
}

/** The LicenseDB entry of a key (name, category, owner, ids), or undefined for an unknown key. */
export function licenseEntry(key: string): LicenseEntry | undefined {
  return loadTables().entries.get(key);
}

/** SPDX id of one ScanCode key (`LicenseRef-scancode-<key>` when SPDX has none). */
export function keyToSpdxId(key: string): string {
  return loadTables().keyToSpdx.get(key) ?? `LicenseRef-scancode-${key}`;
}

/** ScanCode key of one SPDX id, case-insensitively, aliases included; unknown ids → unknown-spdx. */
export function spdxIdToKey(id: string): string {
  const lower = id.toLowerCase();
  const known = loadTables().spdxToKey.get(lower);
  if (known) return known;
  if (lower.startsWith('licenseref-scancode-')) return lower.slice('licenseref-scancode-'.length);
  return 'unknown-spdx';
}

export function scancodeToSpdx(expression: string): string {
  const e = parseExpression(expression);
  return e ? renderExpression(mapKeys(e, keyToSpdxId)) : '';
}

/**
 * Deprecated SPDX ids that stand for a license with an exception; ScanCode reads them as the
 * `WITH` expression.
 */
const COMPOSITE_IDS: Record<string, string> = {
  'gpl-2.0-with-autoconf-exception': 'GPL-2.0-only WITH Autoconf-exception-2.0',
  'gpl-2.0-with-bison-exception': 'GPL-2.0-only WITH Bison-exception-2.2',
  'gpl-2.0-with-classpath-exception': 'GPL-2.0-only WITH Classpath-exception-2.0',
  'gpl-2.0-with-font-exception': 'GPL-2.0-only WITH Font-exception-2.0',
  'gpl-2.0-with-gcc-exception': 'GPL-2.0-only WITH GCC-exception-2.0',
  'gpl-3.0-with-autoconf-exception': 'GPL-3.0-only WITH Autoconf-exception-3.0',
  'gpl-3.0-with-gcc-exception': 'GPL-3.0-only WITH GCC-exception-3.1',
  'ecos-2.0': 'GPL-2.0-or-later WITH eCos-exception-2.0',
  wxwindows: 'LGPL-2.0-or-later WITH WxWindows-exception-3.1',
};

export function spdxToScancode(expression: string): string {
  const expanded = expression.replace(/[A-Za-z0-9.+-]+/g, (id) => {
    const composite = COMPOSITE_IDS[id.toLowerCase()];
    return composite ? `(${composite})` : id;
  });
  const e = parseExpression(expanded.replace(/\+(?=\s|\)|$)/g, '+'));
  return e ? renderExpression(mapKeys(e, spdxIdToKey)) : '';
}

/** Whether a ScanCode key names a license exception (`is_exception` in the LicenseDB). */
export function isExceptionKey(key: string): boolean {
  return loadTables().exceptions.has(key) || /-exception(-|$)/.test(key);
}
