/**
 * The toolkit's `--summary` block (summarycode): declared license and holder, primary
 * language, the other licenses, holders and languages as tallies, and the license clarity
 * score, computed from the key files (top-level legal, readme and manifest files) and the
 * top-level packages of a scan.
 */
import { expressionSymbols, parseExpression } from '../license';
import { canonicalHolder, fingerprint, tallyPersons } from './copyright-tallies';
import { categoryOf, isConflictingCategory } from './license-categories';

type Json = Record<string, unknown>;

export interface SummaryFile {
  type: string;
  is_key_file?: boolean;
  programming_language?: string | null;
  detected_license_expression?: string | null;
  license_detections?: Json[];
  copyrights?: Json[];
  holders?: { holder?: string; value?: string }[];
  for_packages?: string[];
}

export interface SummaryPackage {
  package_uid: string;
  declared_license_expression?: string | null;
  holder?: string | null;
  primary_language?: string | null;
}

export interface Tally {
  value: string | null;
  count: number;
}

export interface ClarityScore {
  score: number;
  declared_license: boolean;
  identification_precision: boolean;
  has_license_text: boolean;
  declared_copyrights: boolean;
  conflicting_license_categories: boolean;
  ambiguous_compound_licensing: boolean;
}

export interface ScanSummary {
  declared_license_expression: string | null;
  license_clarity_score: ClarityScore;
  declared_holder: string;
  primary_language: string | null;
  other_license_expressions: Tally[];
  other_holders: Tally[];
  other_languages: Tally[];
}

function tally(values: (string | null)[]): Tally[] {
  const counts = new Map<string | null, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || String(a.value).localeCompare(String(b.value)));
}

function holdersOf(f: SummaryFile): string[] {
  return (f.holders ?? []).map((h) => String(h.holder ?? h.value ?? '')).filter(Boolean);
}

function keysOf(expression: string | null | undefined): string[] {
  if (!expression) return [];
  const parsed = parseExpression(expression);
  return parsed ? expressionSymbols(parsed) : [];
}

function matchesOf(files: SummaryFile[]): Json[] {
  return files.flatMap((f) => (f.license_detections ?? []).flatMap((d) => (Array.isArray(d.matches) ? (d.matches as Json[]) : [])));
}

/**
 * A match of a whole license text: its rule is a `<key>.LICENSE` (ScanCode's naming, which this
 * engine keeps). Decided from the identifier rather than the license index, so a summary never
 * builds the index (seconds of work) in the thread that runs it.
 */
function hasLicenseText(matches: Json[]): boolean {
  return matches.some((m) => String(m.rule_identifier ?? '').endsWith('.LICENSE'));
}

function declaredHoldersOf(topPackages: SummaryPackage[], keyFiles: SummaryFile[], tallies: Tally[]): string[] {
  const fromPackages = [...new Set(topPackages.filter((p) => p.holder).map((p) => canonicalHolder(String(p.holder))))];
  if (fromPackages.length > 0) return fromPackages;
  const byFingerprint = new Map(tallies.filter((t) => t.value !== null).map((t) => [fingerprint(String(t.value)), t]));
  const keyEntries = [...new Set(keyFiles.flatMap(holdersOf).map((h) => fingerprint(canonicalHolder(h))))]
    .map((fp) => byFingerprint.get(fp))
    .filter((t): t is Tally => t !== undefined);
  const highest = Math.max(0, ...keyEntries.map((t) => t.count));
  const top = keyEntries.filter((t) => t.count === highest && highest > 0).map((t) => String(t.value));
  return top.length > 0 ? top : keyEntries.map((t) => String(t.value));
}

export function computeSummary(files: readonly SummaryFile[], packages: readonly SummaryPackage[]): ScanSummary {
  const all = files.filter((f) => f.type === 'file');
  const keyFiles = all.filter((f) => f.is_key_file);
  const others = all.filter((f) => !f.is_key_file);
  const keyPackageUids = new Set(keyFiles.flatMap((f) => f.for_packages ?? []));
  const topPackages = packages.filter((p) => keyPackageUids.has(p.package_uid));

  const keyExpressions = [...new Set(keyFiles.map((f) => f.detected_license_expression).filter((e): e is string => !!e))];
  const packageExpressions = [...new Set(topPackages.map((p) => p.declared_license_expression).filter((e): e is string => !!e))];
  const candidates = packageExpressions.length ? packageExpressions : keyExpressions;
  // The primary license: one expression that contains every other key-file license.
  const primary = candidates.find((e) => candidates.every((o) => keysOf(o).every((k) => keysOf(e).includes(k)))) ?? null;
  const declared = primary ?? (candidates.length ? candidates.join(' AND ') : null);
  const ambiguous = candidates.length > 1 && primary === null;

  // Holders as ScanCode tallies them (canonical names, one count per file without any); the
  // declared holders come from the top-level packages, else from the key files' holders with
  // the highest count; the other holders are the rest of the tally.
  const holderTallies = tallyPersons(all.map(holdersOf));
  const declaredHolders = declaredHoldersOf(topPackages, keyFiles, holderTallies);
  const declaredHolder = declaredHolders.join(', ');
  const languages = tally(all.map((f) => f.programming_language || null).filter((l): l is string => !!l));
  const primaryLanguage = topPackages.find((p) => p.primary_language)?.primary_language ?? (languages.length ? languages[0].value : null);

  const keyMatches = matchesOf(keyFiles);
  const declaredKeys = keysOf(declared);
  const otherKeys = others.flatMap((f) => keysOf(f.detected_license_expression));
  const conflicting = declaredKeys.some((k) => categoryOf(k) === 'Permissive') && otherKeys.some((k) => isConflictingCategory(categoryOf(k)));
  const elements = {
    declared_license: keyMatches.length > 0 || packageExpressions.length > 0,
    identification_precision: keyMatches.length > 0 && keyMatches.every((m) => !/\bunknown/.test(String(m.license_expression ?? ''))),
    has_license_text: hasLicenseText(keyMatches),
    declared_copyrights: keyFiles.some((f) => (f.copyrights ?? []).length > 0),
    conflicting_license_categories: conflicting,
    ambiguous_compound_licensing: ambiguous,
  };
  const score =
    (elements.declared_license ? 40 : 0) + (elements.identification_precision ? 40 : 0) + (elements.has_license_text ? 10 : 0) +
    (elements.declared_copyrights ? 10 : 0) - (elements.conflicting_license_categories ? 20 : 0) - (elements.ambiguous_compound_licensing ? 10 : 0);

  return {
    declared_license_expression: declared,
    license_clarity_score: { score: Math.max(0, score), ...elements },
    declared_holder: declaredHolder,
    primary_language: primaryLanguage,
    other_license_expressions: tally(others.map((f) => f.detected_license_expression || null).filter((e) => e === null || e !== declared)),
    other_holders: holderTallies.filter((t) => t.value === null || !declaredHolders.includes(t.value)),
    other_languages: languages.filter((l) => l.value !== primaryLanguage),
  };
}
