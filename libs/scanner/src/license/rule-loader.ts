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
    .filter((id) => !deprecated.has(id) && !(id.endsWith('-or-later') && all.has(id.replace(/-or-later$/, '-only'))))
    .sort((a, b) => a.localeCompare(b));
  return ids.map((id) => {
    const entry = spdxFull[id];
    const key = spdxIdToKey(id);
    return {
      identifier: `${key}.LICENSE`,
      licenseExpression: key,
      kind: 'text' as const,
      relevance: 100,
      minimumCoverage: 0.6,
      text: entry.licenseText,
      url: entry.url ?? null,
      referencedFilenames: [],
    };
  });
}
