import type { ReviewCollector, ReviewPackages, ReviewRecord } from '@sca/formats';
import { combineAnd } from '../license/expression';
import { scancodeToSpdx } from '../license/license-keys';
import { detectionIdentifier, pyReprTuple, sha1Hex, uuidFromHex } from '../license/python-names';
import { allWords } from '../license/tokenize';

/**
 * What each kind of review item asks of the reviewer. The kinds are ScanCode's (summarycode's
 * DetectionCategory and PackageDetectionCategory); the wording is this project's.
 */
const REVIEW_COMMENTS: Record<string, string> = {
  'match-fragments': 'Fragments of license text were found that make no detection: check what license they point to.',
  'undetected-license': 'A package declares a license statement in which no known license was found: read the statement.',
  'unknown-match': 'The license is matched to rules of an unknown license: identify the license.',
  'imperfect-match-coverage': 'Part of a license rule is missing from the matched text: check that the text is the license the rule names.',
  'extra-words': 'The whole license rule is matched, with extra words inserted: check that the words do not change the license.',
  'low-relevance': 'The matched rules have a low relevance, though matched whole: check that the text is about a license.',
  'cannot-create-purl': 'The package data has too few fields for a package URL (type, name and version), and no dependencies: check the manifest.',
  'cannot-create-top-level-package': 'The package data was not assembled into a package: check the manifest and its package type.',
};

/** ScanCode's threshold under which a rule's relevance asks for review. */
const LOW_RELEVANCE = 70;

interface Match {
  license_expression: string;
  matcher: string;
  score: number;
  match_coverage: number;
  rule_relevance: number;
  rule_identifier: string;
  matched_text?: string;
}

interface Detection {
  license_expression: string | null;
  license_expression_spdx?: string | null;
  matches: Match[];
  detection_log?: string[];
  identifier: string | null;
}

/** A review item in the making: the detection and the paths it is found at. */
interface Item {
  id: string;
  detection: Record<string, unknown>;
  paths: string[];
}

/**
 * The kind of review a unique detection needs, if any, in ScanCode's order
 * (get_ambiguous_license_detections_by_type): an expression naming an unknown license is
 * reviewed only when a match's rule is for an unknown license.
 */
function reviewKind(d: Detection): string | null {
  const expression = d.license_expression ?? '';
  if (!expression) return 'match-fragments';
  if (d.matches.length === 1 && d.matches[0].matcher === '5-undetected') return 'undetected-license';
  if (expression.includes('unknown')) return d.matches.some((m) => m.license_expression.includes('unknown')) ? 'unknown-match' : null;
  if (d.matches.some((m) => m.match_coverage < 100)) return 'imperfect-match-coverage';
  if (d.matches.some((m) => (m.match_coverage * m.rule_relevance) / 100 - m.score > 0)) return 'extra-words';
  if (d.matches.some((m) => m.rule_relevance < LOW_RELEVANCE)) return 'low-relevance';
  return null;
}

/** A detection as its review item shows it: ScanCode's detection keys, its log always there. */
function itemDetection(d: Detection): Record<string, unknown> {
  const expression = d.license_expression;
  return {
    license_expression: expression,
    license_expression_spdx: d.license_expression_spdx ?? (expression ? scancodeToSpdx(expression) : null),
    matches: d.matches,
    detection_log: d.detection_log ?? [],
    identifier: d.identifier,
  };
}

/** Clue groups have no identifier: ScanCode counts them all as one unique detection. */
const CLUES = '\0clues';

/** The clue group that stands for every clue group, with the expression and identifier ScanCode gives it (from the matched text the result holds). */
function cluesDetection(group: Match[]): Detection {
  const expression = combineAnd(group.map((m) => m.license_expression)) ?? '';
  const identifier = detectionIdentifier(expression, group.map((m) => ({ ruleIdentifier: m.rule_identifier, score: m.score, words: allWords(m.matched_text ?? '') })));
  return { license_expression: expression, matches: group, detection_log: [], identifier };
}

interface NotedPackage {
  path: string;
  data: Record<string, unknown>;
}

/**
 * ScanCode's --todo (summarycode/todo.py) over a codebase written record by record. License
 * detections are counted as the toolkit's unique detections are (first occurrence in walk order
 * gives the order, the first detection the data); of each kind of review the last detection
 * found is the one listed, as ScanCode keeps one per kind. Clue groups are detections without an
 * identifier, so ScanCode counts them all as one unique detection: the first clue group, its
 * expression and identifier made from its matches (their matched text as the result holds it).
 * Package data is reviewed once the packages are assembled: data without a package URL that is
 * neither a lockfile nor part of a package, and data whose package URL no package has.
 */
export class LicenseReviewCollector implements ReviewCollector {
  private readonly seen = new Set<string>();
  /** Review kinds in the order they first appear, with the item each lists now. */
  private readonly byKind = new Map<string, Item>();
  private readonly byId = new Map<string, Item>();
  private readonly packageData: NotedPackage[] = [];

  note(record: ReviewRecord): void {
    const detections = record.license_detections as Detection[];
    for (const d of detections) this.noteDetection(record.path, d.identifier ?? '', () => d);
    let start = 0;
    const clues = record.license_clues as Match[];
    for (const size of record.clueGroups) {
      const group = clues.slice(start, start + size);
      start += size;
      this.noteDetection(record.path, CLUES, () => cluesDetection(group));
    }
    for (const data of record.package_data as Record<string, unknown>[]) this.packageData.push({ path: record.path, data });
    for (const d of (record.package_data as { license_detections?: Detection[]; other_license_detections?: Detection[] }[]).flatMap((p) => [...(p.license_detections ?? []), ...(p.other_license_detections ?? [])])) {
      this.noteDetection(record.path, d.identifier ?? '', () => d);
    }
  }

  finish(packages: ReviewPackages | null): { todo: unknown[]; forTodo: ReadonlyMap<string, readonly string[]> } {
    const items = [...this.byKind.entries()].map(([kind, item]) => ({ kind, item }));
    if (packages) items.push(...this.packageItems(packages));
    const forTodo = new Map<string, string[]>();
    for (const { item } of items) {
      for (const path of item.paths) {
        const ids = forTodo.get(path) ?? [];
        ids.push(item.id);
        forTodo.set(path, ids);
      }
    }
    const todo = items.map(({ kind, item }) => ({ detection_id: item.id, review_comments: { [kind]: REVIEW_COMMENTS[kind] ?? kind }, detection: item.detection }));
    return { todo, forTodo };
  }

  /** One detection found at `path`; `make` gives the detection the first time its identifier is seen. */
  private noteDetection(path: string, key: string, make: () => Detection): void {
    if (!this.seen.has(key)) {
      this.seen.add(key);
      const d = make();
      const kind = reviewKind(d);
      if (kind) {
        const previous = this.byKind.get(kind);
        if (previous) this.byId.delete(previous.id);
        const item: Item = { id: d.identifier ?? '', detection: itemDetection(d), paths: [] };
        this.byKind.set(kind, item);
        this.byId.set(key, item);
      }
    }
    this.byId.get(key)?.paths.push(path);
  }

  /** ScanCode's package review items: data without a package URL nothing else accounts for, data no package was made of. */
  private packageItems({ packages, dependencies, forPackages }: ReviewPackages): { kind: string; item: Item }[] {
    const purls = new Set((packages as { purl?: string }[]).map((p) => p.purl));
    const lockfiles = new Set((dependencies as { datafile_path?: string }[]).map((d) => d.datafile_path));
    const out: { kind: string; item: Item }[] = [];
    for (const { path, data } of this.packageData) {
      const purl = (data.purl as string | null) ?? null;
      let kind: string | null = null;
      if (!purl) {
        if (!lockfiles.has(path) && !forPackages.get(path)?.length) kind = 'cannot-create-purl';
      } else if (!purls.has(purl)) kind = 'cannot-create-top-level-package';
      if (!kind) continue;
      const declared = (data.declared_license_expression as string | null) ?? null;
      const uuid = uuidFromHex(sha1Hex(pyReprTuple([[purl, declared, path]])));
      const shown = purl ?? `pkg:${(data.type as string | null) || 'unknown'}/unknown`;
      out.push({ kind, item: { id: `${shown}-${uuid}`, detection: data, paths: [path] } });
    }
    return out;
  }
}
