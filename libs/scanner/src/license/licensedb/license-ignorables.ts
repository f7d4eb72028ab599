/**
 * The clues a license text or rule contains by construction (the copyright of its authors, their
 * URLs and emails: the LicenseDB's `ignorable_*` fields), kept for `--filter-clues`. The build
 * writes them for every license and rule that has some (`license-ignorables.json`, about 1 MB);
 * a scan reads the file only when clues are filtered.
 */
import { readFileSync } from 'node:fs';
import { licenseDataFile } from '../index-data/index-file';
import { strings } from './licensedb-records';
import type { LicenseDb } from './read-licensedb';

export const LICENSE_IGNORABLES_FILE = 'license-ignorables.json';

const KINDS = ['copyrights', 'holders', 'authors', 'urls', 'emails'] as const;
export type IgnorableKind = (typeof KINDS)[number];
export type RuleIgnorables = Partial<Record<IgnorableKind, string[]>>;

function ignorablesOf(frontMatter: Record<string, unknown>): RuleIgnorables | null {
  const out: RuleIgnorables = {};
  for (const kind of KINDS) {
    const values = strings(frontMatter[`ignorable_${kind}`]);
    if (values.length) out[kind] = values;
  }
  return Object.keys(out).length ? out : null;
}

/** The build's table: rule identifier (a license text as `<key>.LICENSE`) → its ignorable clues. */
export function licenseIgnorablesTable(db: LicenseDb): Record<string, RuleIgnorables> {
  const table: Record<string, RuleIgnorables> = {};
  for (const l of db.licenses) {
    const found = ignorablesOf(l.frontMatter);
    if (found) table[`${l.key}.LICENSE`] = found;
  }
  for (const r of db.rules) {
    const found = ignorablesOf(r.frontMatter);
    if (found) table[r.identifier] = found;
  }
  return table;
}

let table: Record<string, RuleIgnorables> | null = null;

/** The ignorable clues of a rule, from the built table (read on first use). */
export function ruleIgnorables(identifier: string): RuleIgnorables | undefined {
  table ??= JSON.parse(readFileSync(licenseDataFile(LICENSE_IGNORABLES_FILE), 'utf8')) as Record<string, RuleIgnorables>;
  return table[identifier];
}
