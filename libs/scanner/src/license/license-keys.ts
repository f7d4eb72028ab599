import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import spdxExceptionIds from 'spdx-exceptions/index.json';
import spdxLicenseIds from 'spdx-license-ids/index.json';
import spdxDeprecatedIds from 'spdx-license-ids/deprecated.json';
import { licenseDataDir } from './data-dir';
import { mapKeys, parseExpression, renderExpression } from './expression';

interface KeyTables {
  keyToSpdx: Map<string, string>;
  /** Lowercased SPDX id (or alias) → ScanCode key. */
  spdxToKey: Map<string, string>;
}

let tables: KeyTables | null = null;

function loadTables(): KeyTables {
  if (tables) return tables;
  const explicit = parseYaml(readFileSync(join(licenseDataDir(), 'data', 'scancode-keys.yml'), 'utf8')) as Record<string, string[]>;
  const keyToSpdx = new Map<string, string>();
  const spdxToKey = new Map<string, string>();
  for (const [key, ids] of Object.entries(explicit)) {
    keyToSpdx.set(key, ids[0]);
    for (const id of ids) spdxToKey.set(id.toLowerCase(), key);
  }
  // Everything else: the ScanCode key is the SPDX id lowercased (true for most of the list).
  for (const id of [...spdxLicenseIds, ...spdxDeprecatedIds, ...spdxExceptionIds]) {
    const lower = id.toLowerCase();
    if (spdxToKey.has(lower)) continue;
    spdxToKey.set(lower, lower);
    if (!keyToSpdx.has(lower)) keyToSpdx.set(lower, id);
  }
  tables = { keyToSpdx, spdxToKey };
  return tables;
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

let exceptionIds: Set<string> | null = null;

/** Whether a ScanCode key names a license exception (its SPDX id is on the exceptions list). */
export function isExceptionKey(key: string): boolean {
  exceptionIds ??= new Set(spdxExceptionIds.map((id) => id.toLowerCase()));
  return exceptionIds.has(keyToSpdxId(key).toLowerCase()) || /-exception(-|$)/.test(key);
}
