/**
 * The toolkit's `--license-references`: for each license key and each rule a scan's detections
 * use, the LicenseDB's data about it (ScanCode's License.to_dict and Rule.to_dict, with their
 * URLs), in ScanCode's field order. The build writes the table of every license and rule
 * (`license-references.json`); a scan reads it only when references are asked for.
 */
import { readFileSync } from 'node:fs';
import { computeRelevance, ruleTokens } from '../rule-tokens';
import { licenseDataFile } from '../index-data/index-file';
import { licenseText } from '../license-texts';
import { UNKNOWN_RULE_RELEVANCE } from '../match-unknown';
import { strings, yes, type LicenseRecord, type RuleRecord } from './licensedb-records';
import { ruleUrl } from './licensedb-sources';
import type { LicenseDb } from './read-licensedb';

export const LICENSE_REFERENCES_FILE = 'license-references.json';

const IGNORABLES = ['ignorable_copyrights', 'ignorable_holders', 'ignorable_authors', 'ignorable_urls', 'ignorable_emails'] as const;
const RULE_FLAGS = ['is_license_text', 'is_license_notice', 'is_license_reference', 'is_license_tag', 'is_license_intro', 'is_license_clue'] as const;


const orNull = (v: unknown): unknown => (v === undefined || v === '' ? null : v);
const ignorables = (fm: Record<string, unknown>): Record<string, string[]> => Object.fromEntries(IGNORABLES.map((k) => [k, strings(fm[k])]));

type Reference = Record<string, unknown>;
interface ReferenceTable {
  licenses: Record<string, Reference>;
  rules: Record<string, Reference>;
}

/** ScanCode's License.to_dict of one license, with its ScanCode, LicenseDB and SPDX addresses. */
function licenseReference(l: LicenseRecord): Reference {
  const fm = l.frontMatter;
  const spdx = l.spdxLicenseKey;
  return {
    key: l.key,
    language: fm['language'] ?? 'en',
    short_name: l.shortName,
    name: l.name,
    category: l.category,
    owner: l.owner,
    homepage_url: orNull(fm['homepage_url']),
    is_builtin: true,
    is_exception: l.isException,
    is_unknown: l.isUnknown,
    is_generic: l.isGeneric,
    spdx_license_key: spdx,
    other_spdx_license_keys: l.otherSpdxLicenseKeys,
    osi_license_key: orNull(fm['osi_license_key']),
    text_urls: strings(fm['text_urls']),
    osi_url: orNull(fm['osi_url']),
    faq_url: orNull(fm['faq_url']),
    other_urls: strings(fm['other_urls']),
    key_aliases: strings(fm['key_aliases']),
    minimum_coverage: l.minimumCoverage ?? 0,
    standard_notice: orNull(fm['standard_notice']),
    ...ignorables(fm),
    text: l.text.replace(/^\n+/, ''),
    scancode_url: ruleUrl(`${l.key}.LICENSE`),
    licensedb_url: `https://scancode-licensedb.aboutcode.org/${l.key}`,
    spdx_url: spdx.startsWith('LicenseRef-') ? '' : `https://spdx.org/licenses/${spdx}`,
  };
}

/** ScanCode's Rule.to_dict of one rule file (length and relevance as the index computes them). */
function ruleReference(r: RuleRecord): Reference {
  const fm = r.frontMatter;
  const length = ruleTokens(r.text).words.length;
  return {
    license_expression: r.licenseExpression,
    identifier: r.identifier,
    language: fm['language'] ?? 'en',
    rule_url: ruleUrl(r.identifier),
    ...Object.fromEntries(RULE_FLAGS.map((f) => [f, yes(fm[f])])),
    is_required_phrase: yes(fm['is_required_phrase']),
    skip_for_required_phrase_generation: yes(fm['skip_for_required_phrase_generation']),
    is_continuous: r.isContinuous,
    is_builtin: true,
    is_from_license: false,
    is_synthetic: false,
    length,
    relevance: r.relevance ?? computeRelevance(length),
    minimum_coverage: r.minimumCoverage ?? 0,
    referenced_filenames: r.referencedFilenames,
    ...ignorables(fm),
    text: r.text.replace(/^\n+/, ''),
  };
}

/**
 * Fields a reference is stored without when they hold these values (most rules set few flags):
 * the table keeps only what differs, and a lookup puts every field back in ScanCode's order.
 */
const DEFAULTS: Reference = {
  language: 'en', homepage_url: null, is_builtin: true, is_exception: false, is_unknown: false, is_generic: false, other_spdx_license_keys: [],
  osi_license_key: null, text_urls: [], osi_url: null, faq_url: null, other_urls: [], key_aliases: [], minimum_coverage: 0, standard_notice: null,
  ...Object.fromEntries(RULE_FLAGS.map((f) => [f, false])), is_required_phrase: false, skip_for_required_phrase_generation: false, is_continuous: false,
  is_from_license: false, is_synthetic: false, relevance: 100, referenced_filenames: [], ...Object.fromEntries(IGNORABLES.map((k) => [k, []])),
};
/** Fields a lookup derives: a license's text (license-texts.json) and URLs, a rule's identifier and URL. */
const DERIVED = new Set(['text', 'scancode_url', 'licensedb_url', 'rule_url', 'identifier']);

function sparse(full: Reference, keepText: boolean): Reference {
  return Object.fromEntries(Object.entries(full).filter(([k, v]) => (k === 'text' ? keepText : !DERIVED.has(k) && JSON.stringify(v) !== JSON.stringify(DEFAULTS[k]))));
}

/** Every field, in the order of `order`, from the stored fields, the derived ones and the defaults. */
function restore(order: string[], stored: Reference, derived: Reference): Reference {
  return Object.fromEntries(order.map((k) => [k, k in derived ? derived[k] : k in stored ? stored[k] : DEFAULTS[k]]));
}

/** The build's table of every license and rule reference, each stored without its default values. */
export function licenseReferenceTable(db: LicenseDb): ReferenceTable & { order: { license: string[]; rule: string[] } } {
  const licenses = db.licenses.map(licenseReference);
  const rules = db.rules.map(ruleReference);
  return {
    order: { license: Object.keys(licenses[0] ?? {}), rule: Object.keys(rules[0] ?? {}) },
    licenses: Object.fromEntries(licenses.map((l) => [l['key'], sparse(l, false)])),
    rules: Object.fromEntries(rules.map((r) => [r['identifier'], sparse(r, true)])),
  };
}

let table: (ReferenceTable & { order: { license: string[]; rule: string[] } }) | null = null;
const loadTable = () => (table ??= JSON.parse(readFileSync(licenseDataFile(LICENSE_REFERENCES_FILE), 'utf8')) as NonNullable<typeof table>);

function storedLicense(key: string): Reference | null {
  const t = loadTable();
  const stored = t.licenses[key];
  if (!stored) return null;
  return restore(t.order.license, stored, {
    key,
    text: licenseText(key)?.text ?? '',
    scancode_url: ruleUrl(`${key}.LICENSE`),
    licensedb_url: `https://scancode-licensedb.aboutcode.org/${key}`,
  });
}

function storedRule(identifier: string): Reference | null {
  const t = loadTable();
  const stored = t.rules[identifier];
  return stored ? restore(t.order.rule, stored, { identifier, rule_url: ruleUrl(identifier) }) : null;
}

/** One rule a scan used, as its matches show it (a synthetic rule has no file: its match is all there is). */
export interface UsedRule {
  identifier: string;
  licenseExpression: string;
  matchedText: string | null;
  matchedLength: number;
  matcher: string;
}

/** ScanCode's reference of a license text used as a rule (`mit.LICENSE`): only what differs from a rule file's defaults. */
function licenseTextRule(used: UsedRule, license: Reference): Reference {
  const fromLicense = Object.fromEntries(['language', 'minimum_coverage', ...IGNORABLES, 'text'].map((k) => [k, license[k]]));
  return restore(loadTable().order.rule, fromLicense, {
    license_expression: used.licenseExpression, identifier: used.identifier, rule_url: ruleUrl(used.identifier),
    is_license_text: true, is_from_license: true, length: ruleTokens(String(license['text'])).words.length,
  });
}

/** ScanCode's reference of a rule made at matching time (an SPDX expression read, an undetected statement, unknown license text). */
function syntheticRule(used: UsedRule): Reference {
  const tag = used.matcher === '1-spdx-id';
  return restore(loadTable().order.rule, {}, {
    license_expression: used.licenseExpression, identifier: used.identifier, rule_url: null,
    is_license_notice: !tag, is_license_tag: tag, is_synthetic: true, length: used.matchedLength,
    ...(used.matcher === '6-unknown' ? { relevance: UNKNOWN_RULE_RELEVANCE } : {}), text: used.matchedText ?? '',
  });
}

/** The license references of the given keys, by key; keys the LicenseDB lacks are left out. */
export function licenseReferences(keys: Iterable<string>): Reference[] {
  return [...new Set(keys)].sort().flatMap((k) => {
    const ref = storedLicense(k);
    return ref ? [ref] : [];
  });
}

/** The rule references of the rules used, by identifier. */
export function ruleReferences(used: Iterable<UsedRule>): Reference[] {
  const byId = new Map<string, UsedRule>();
  for (const u of used) if (!byId.has(u.identifier)) byId.set(u.identifier, u);
  return [...byId.values()].sort((a, b) => (a.identifier < b.identifier ? -1 : 1)).map((u) => {
    if (u.identifier.endsWith('.LICENSE')) {
      const license = storedLicense(u.identifier.slice(0, -'.LICENSE'.length));
      return license ? licenseTextRule(u, license) : syntheticRule(u);
    }
    return storedRule(u.identifier) ?? syntheticRule(u);
  });
}
