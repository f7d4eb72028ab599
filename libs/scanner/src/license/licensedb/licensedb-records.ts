import { parse as parseYaml } from 'yaml';
import type { RuleKind } from '../types';

/** One `.LICENSE` file of ScanCode's LicenseDB: the license's key, ids, flags and full text. */
export interface LicenseRecord {
  key: string;
  name: string;
  shortName: string;
  category: string;
  owner: string;
  spdxLicenseKey: string;
  otherSpdxLicenseKeys: string[];
  isException: boolean;
  isDeprecated: boolean;
  isUnknown: boolean;
  isGeneric: boolean;
  /** 0..100, or null when the file sets none. */
  minimumCoverage: number | null;
  text: string;
  /** Every field of the file's front matter, as written (for the toolkit's license references). */
  frontMatter: Record<string, unknown>;
}

/** One `.RULE` file: an expression, one kind, its thresholds and the text (`{{…}}` marks required phrases). */
export interface RuleRecord {
  identifier: string;
  licenseExpression: string;
  kind: RuleKind;
  /** 0..100, or null when the file sets none (it is then computed from the rule's length). */
  relevance: number | null;
  minimumCoverage: number | null;
  isContinuous: boolean;
  isDeprecated: boolean;
  referencedFilenames: string[];
  text: string;
  /** Every field of the file's front matter, as written (for the toolkit's rule references). */
  frontMatter: Record<string, unknown>;
}

const KIND_FLAGS: [string, RuleKind][] = [
  ['is_license_text', 'text'],
  ['is_license_notice', 'notice'],
  ['is_license_reference', 'reference'],
  ['is_license_tag', 'tag'],
  ['is_license_intro', 'intro'],
  ['is_license_clue', 'clue'],
  ['is_false_positive', 'false-positive'],
];

/** Splits `---\n<yaml>\n---\n<text>`; the text loses the one blank line that follows the front matter. */
export function splitFrontMatter(content: string): { data: Record<string, unknown>; text: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(content);
  if (!m) return { data: {}, text: content };
  const data = (parseYaml(m[1]) ?? {}) as Record<string, unknown>;
  return { data, text: content.slice(m[0].length) };
}

/** A front-matter flag (`yes` or true). */
export const yes = (v: unknown): boolean => v === true || v === 'yes';
const num = (v: unknown): number | null => (v === undefined || v === null || v === '' ? null : Number(v));
/** A front-matter list, as strings (empty when absent). */
export const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

export function parseLicenseFile(content: string): LicenseRecord {
  const { data, text } = splitFrontMatter(content);
  const key = String(data['key'] ?? '');
  return {
    key,
    name: String(data['name'] ?? key),
    shortName: String(data['short_name'] ?? key),
    category: String(data['category'] ?? ''),
    owner: String(data['owner'] ?? ''),
    spdxLicenseKey: String(data['spdx_license_key'] ?? `LicenseRef-scancode-${key}`),
    otherSpdxLicenseKeys: strings(data['other_spdx_license_keys']),
    isException: yes(data['is_exception']),
    isDeprecated: yes(data['is_deprecated']),
    isUnknown: yes(data['is_unknown']),
    isGeneric: yes(data['is_generic']),
    minimumCoverage: num(data['minimum_coverage']),
    text,
    frontMatter: data,
  };
}

export function parseRuleFile(identifier: string, content: string): RuleRecord {
  const { data, text } = splitFrontMatter(content);
  const kind = KIND_FLAGS.find(([flag]) => yes(data[flag]))?.[1];
  if (!kind) throw new Error(`${identifier}: no rule kind flag`);
  return {
    identifier,
    licenseExpression: String(data['license_expression'] ?? ''),
    kind,
    relevance: num(data['relevance']),
    minimumCoverage: num(data['minimum_coverage']),
    isContinuous: yes(data['is_continuous']),
    isDeprecated: yes(data['is_deprecated']),
    referencedFilenames: strings(data['referenced_filenames']),
    text,
    frontMatter: data,
  };
}
