import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import spdxFull from 'spdx-license-list/full';
import spdxDeprecatedIds from 'spdx-license-ids/deprecated.json';
import { parse as parseYaml } from 'yaml';
import { licenseDataDir } from './data-dir';
import { spdxIdToKey } from './license-keys';
import type { RuleKind } from './types';

/** A rule before tokenization: what the data files and the SPDX list provide. */
export interface RuleSource {
  identifier: string;
  licenseExpression: string;
  kind: RuleKind;
  relevance: number;
  minimumCoverage: number;
  text: string;
  url: string | null;
  referencedFilenames: string[];
  /** A match must be one unbroken run of the rule's tokens (ScanCode's `is_continuous`). */
  isContinuous?: boolean;
}

/** One entry of a rules/*.yml file (the team-written notices, references and tags). */
interface RuleFileEntry {
  license_expression: string;
  kind: RuleKind;
  relevance?: number;
  minimum_coverage?: number;
  referenced_filenames?: string[];
  texts: string[];
}

const KINDS: ReadonlySet<string> = new Set(['text', 'notice', 'reference', 'tag', 'intro', 'clue', 'false-positive']);

export function loadRuleFiles(dir = join(licenseDataDir(), 'rules')): RuleSource[] {
  const out: RuleSource[] = [];
  const counters = new Map<string, number>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yml')).sort()) {
    const entries = parseYaml(readFileSync(join(dir, file), 'utf8')) as RuleFileEntry[];
    for (const entry of entries) {
      if (!KINDS.has(entry.kind)) throw new Error(`${file}: unknown rule kind ${entry.kind}`);
      for (const text of entry.texts) {
        // Identifiers like ScanCode's `mit_30.RULE`: stable while files are only appended to.
        const base = entry.license_expression.replace(/[^a-z0-9.+-]+/gi, '_').toLowerCase();
        const n = (counters.get(base) ?? 0) + 1;
        counters.set(base, n);
        out.push({
          identifier: `${base}_${n}.RULE`,
          licenseExpression: entry.license_expression,
          kind: entry.kind,
          relevance: entry.relevance ?? 100,
          minimumCoverage: (entry.minimum_coverage ?? defaultCoverage(entry.kind)) / 100,
          text,
          url: null,
          referencedFilenames: entry.referenced_filenames ?? [],
        });
      }
    }
  }
  return out;
}

function defaultCoverage(kind: RuleKind): number {
  switch (kind) {
    case 'text':
      return 60;
    case 'notice':
      return 80;
    case 'reference':
    case 'tag':
    case 'intro':
    case 'clue':
    case 'false-positive':
      return 100;
  }
}

/**
 * Full license texts of the SPDX license list act as rules whose text is the whole license,
 * as ScanCode's .LICENSE files do. Deprecated ids are skipped (their texts duplicate the
 * current ones), and so are "-or-later" ids that have an "-only" twin: the license text alone
 * does not say "or later", and ScanCode reports the bare GPL text as gpl-2.0.
 */
export function loadSpdxTexts(): RuleSource[] {
  const deprecated = new Set<string>(spdxDeprecatedIds);
  const all = new Set(Object.keys(spdxFull));
  const ids = [...all]
    .filter((id) => !deprecated.has(id) && !(/(-or-later|\+)$/.test(id) && all.has(id.replace(/(-or-later|\+)$/, '-only'))))
    // Identical texts keep the first id: the plain one ("GFDL-1.1-only") before its variants
    // ("GFDL-1.1-invariants-only"), as ScanCode reports the plain license for the bare text.
    .sort((a, b) => variantRank(a) - variantRank(b) || a.localeCompare(b));
  const overrides = loadTextExpressions();
  return ids.map((id) => {
    const entry = spdxFull[id];
    const key = spdxIdToKey(id);
    return {
      identifier: `${key}.LICENSE`,
      licenseExpression: overrides.get(id) ?? key,
      kind: 'text' as const,
      relevance: 100,
      minimumCoverage: 0.6,
      text: entry.licenseText,
      url: entry.url ?? null,
      referencedFilenames: [],
    };
  });
}

/**
 * License URLs as references: each SPDX id's page at opensource.org (`/licenses/<id>`), and the
 * Creative Commons deeds (`creativecommons.org/licenses/by-nc-sa/3.0`). Code cites licenses by
 * these addresses as often as by name; ScanCode has a URL rule for most of its licenses.
 */
export function loadUrlRules(): RuleSource[] {
  const out: RuleSource[] = [];
  const ids = [...new Set<string>([...Object.keys(spdxFull), ...spdxDeprecatedIds])]
    .filter((id) => !/[+]|-with-|-or-later$/i.test(id))
    .sort((a, b) => a.localeCompare(b));
  const add = (id: string, text: string): void => {
    const key = spdxIdToKey(id);
    if (key === 'unknown-spdx') return;
    out.push({
      identifier: `${key}_url_${out.length + 1}.RULE`,
      licenseExpression: key,
      kind: 'reference',
      relevance: 100,
      minimumCoverage: 1,
      text,
      url: null,
      referencedFilenames: [],
    });
  };
  for (const id of ids) {
    add(id, `opensource.org/licenses/${id}`);
    const cc = /^CC-(BY(?:-NC)?(?:-ND|-SA)?)-(\d\.\d)$/.exec(id);
    if (cc) add(id, `creativecommons.org/licenses/${cc[1].toLowerCase()}/${cc[2]}`);
  }
  return out;
}

/**
 * Names and ids as references: each SPDX license's full name ("Freetype Project License"),
 * its id in a `License: <id>` tag, and versioned ids written alone ("Apache-2.0", "CC-BY-4.0").
 * Package metadata and headers name licenses this way for the whole list, not only the common
 * ones the rule files cover by hand.
 */
export function loadNameRules(): RuleSource[] {
  const out: RuleSource[] = [];
  const deprecated = new Set<string>(spdxDeprecatedIds);
  const ids = Object.keys(spdxFull)
    .filter((id) => !deprecated.has(id))
    .sort((a, b) => a.localeCompare(b));
  const add = (id: string, kind: RuleKind, text: string, relevance: number): void => {
    const key = spdxIdToKey(id);
    if (key === 'unknown-spdx') return;
    out.push({
      identifier: `${key}_name_${out.length + 1}.RULE`,
      licenseExpression: key,
      kind,
      relevance,
      minimumCoverage: 1,
      text,
      url: null,
      referencedFilenames: [],
    });
  };
  for (const id of ids) {
    const name = spdxFull[id].name;
    // Names of one or two words ("Fair License") are too easily ordinary prose.
    if (name.split(/\s+/).length >= 3 || /\d/.test(name)) {
      for (const variant of nameVariants(name.replace(/\s*\(.*?\)\s*$/, ''))) add(id, 'reference', variant, 90);
    }
    add(id, 'tag', `License: ${id}`, 100);
    if (/-/.test(id) && /\d/.test(id)) add(id, 'reference', id, 90);
  }
  return out;
}

/**
 * A versioned name as people write it: "Educational Community License v1.0" is also written
 * "... version 1.0" and "... 1.0" (and "2.0" as "2").
 */
export function nameVariants(name: string): string[] {
  const m = /^(.*?)(?:,?\s+(?:v\.?\s?|version\s+|-\s*v?))(\d+(?:\.\d+)*)$/i.exec(name) ?? /^(.*?)\s+(\d+(?:\.\d+)*)$/.exec(name);
  if (!m) return [name];
  const [, base, version] = m;
  const versions = [version];
  if (/^\d+\.0$/.test(version)) versions.push(version.replace(/\.0$/, ''));
  const out = new Set<string>([name]);
  for (const v of versions) for (const form of [`${base} ${v}`, `${base} v${v}`, `${base} version ${v}`]) out.add(form);
  return [...out];
}

/**
 * SPDX texts that bundle several licenses (the Sleepycat text carries two BSD-3-Clause notices
 * after Oracle's terms): `data/text-expressions.yml` gives the expression ScanCode reports for them.
 */
function loadTextExpressions(): Map<string, string> {
  const path = join(licenseDataDir(), 'data', 'text-expressions.yml');
  const data = (parseYaml(readFileSync(path, 'utf8')) ?? {}) as Record<string, string>;
  return new Map(Object.entries(data));
}

function variantRank(id: string): number {
  return /-(no-)?invariants-/.test(id) ? 1 : 0;
}
