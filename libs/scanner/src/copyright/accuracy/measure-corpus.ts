import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { textLines } from '../../text';
import { tallyCopyrights, tallyPersons, type TallyEntry } from '../../summary/copyright-tallies';
import { detectCopyrights } from '../detect-copyrights';

/**
 * Accuracy on ScanCode's copyright test files (copyright-dev): per kind (copyrights, holders,
 * authors), the share of files whose detected set equals ScanCode's expected set, values
 * compared with their whitespace normalized. A file counts for a kind only when its `what:`
 * lists that kind; files with `expected_failures` (cases ScanCode itself gets wrong) are left
 * out. Each mismatch is also sorted into a kind of miss, so the report says what to fix next.
 */
export const KINDS = ['copyrights', 'holders', 'authors'] as const;
export type Kind = (typeof KINDS)[number];

export interface KindAccuracy {
  kind: Kind;
  files: number;
  exact: number;
  percent: number;
}

export interface CorpusMiss {
  file: string;
  kind: Kind;
  expected: string[];
  detected: string[];
  /** Why each differing value differs (see `classifyMisses`). */
  misses: { category: MissCategory; expected?: string; detected?: string }[];
}

export type MissCategory =
  | 'trailing punctuation'
  | 'case or spacing'
  | 'cut short'
  | 'run on'
  | 'different text'
  | 'not found'
  | 'false positive';

export const SUMMARY_KINDS = ['copyrights_summary', 'holders_summary', 'authors_summary'] as const;
export type SummaryKind = (typeof SUMMARY_KINDS)[number];

export interface CopyrightCorpusAccuracy {
  kinds: KindAccuracy[];
  /** The same measure for the tallies (value and count) of the files that check them. */
  summaries: { kind: SummaryKind; files: number; exact: number; percent: number }[];
  /** Files scanned (all test files, including those left out of the measure). */
  scanned: number;
  excluded: number;
  failures: CorpusMiss[];
  missCounts: { category: MissCategory; kind: Kind; count: number }[];
  /** Bytes and seconds of the detection alone (reading and YAML parsing excluded). */
  bytes: number;
  detectSeconds: number;
}

interface Expectation {
  what?: string[];
  copyrights?: string[] | null;
  holders?: string[] | null;
  authors?: string[] | null;
  expected_failures?: string[];
  copyrights_summary?: TallyEntry[] | null;
  holders_summary?: TallyEntry[] | null;
  authors_summary?: TallyEntry[] | null;
}

const norm = (s: string): string => s.split(/\s+/).filter(Boolean).join(' ');

export function corpusTestFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...corpusTestFiles(path));
    else if (!name.endsWith('.yml') && existsSync(`${path}.yml`)) out.push(path);
  }
  return out;
}

const trimPunct = (s: string): string => s.replace(/[\s.,;:]+$/, '');
const loose = (s: string): string => s.toLowerCase().replace(/\s+/g, '');

/** Pairs each missing expected value with the closest extra detected value, if any. */
export function classifyMisses(expected: string[], detected: string[]): CorpusMiss['misses'] {
  const missing = expected.filter((e) => !detected.includes(e));
  const extra = detected.filter((d) => !expected.includes(d));
  const out: CorpusMiss['misses'] = [];
  const used = new Set<number>();
  for (const e of missing) {
    let best = -1;
    let category: MissCategory = 'not found';
    for (let i = 0; i < extra.length && best < 0; i++) {
      if (used.has(i)) continue;
      const d = extra[i];
      if (trimPunct(d) === trimPunct(e)) category = 'trailing punctuation';
      else if (loose(d) === loose(e)) category = 'case or spacing';
      else if (e.startsWith(d) || e.endsWith(d) || e.includes(d)) category = 'cut short';
      else if (d.startsWith(e) || d.endsWith(e) || d.includes(e)) category = 'run on';
      else if (sharedWords(e, d) >= 0.5) category = 'different text';
      else continue;
      best = i;
    }
    if (best >= 0) {
      used.add(best);
      out.push({ category, expected: e, detected: extra[best] });
    } else out.push({ category: 'not found', expected: e });
  }
  extra.forEach((d, i) => {
    if (!used.has(i)) out.push({ category: 'false positive', detected: d });
  });
  return out;
}

function sharedWords(a: string, b: string): number {
  const wa = new Set(a.toLowerCase().split(/\W+/).filter(Boolean));
  const wb = b.toLowerCase().split(/\W+/).filter(Boolean);
  if (wa.size === 0 || wb.length === 0) return 0;
  return wb.filter((w) => wa.has(w)).length / Math.max(wa.size, wb.length);
}

export function measureCopyrightCorpus(root: string): CopyrightCorpusAccuracy {
  const acc = new Map<Kind, KindAccuracy>(KINDS.map((kind) => [kind, { kind, files: 0, exact: 0, percent: 0 }]));
  const failures: CorpusMiss[] = [];
  const counts = new Map<string, { category: MissCategory; kind: Kind; count: number }>();
  const summaries = new Map<SummaryKind, { kind: SummaryKind; files: number; exact: number; percent: number }>(
    SUMMARY_KINDS.map((kind) => [kind, { kind, files: 0, exact: 0, percent: 0 }]),
  );
  let scanned = 0;
  let excluded = 0;
  let bytes = 0;
  let ns = 0n;
  for (const file of corpusTestFiles(root)) {
    const spec = (parseYaml(readFileSync(`${file}.yml`, 'utf8')) ?? {}) as Expectation;
    const content = readFileSync(file);
    const t0 = process.hrtime.bigint();
    const scan = detectCopyrights(textLines(content), { path: basename(file) });
    ns += process.hrtime.bigint() - t0;
    bytes += content.length;
    scanned++;
    if (spec.expected_failures?.length) {
      excluded++;
      continue;
    }
    const detectedOf: Record<Kind, string[]> = {
      copyrights: scan.copyrights.map((c) => norm(c.copyright)),
      holders: scan.holders.map((h) => norm(h.holder)),
      authors: scan.authors.map((a) => norm(a.author)),
    };
    const tallies: Record<SummaryKind, TallyEntry[]> = {
      copyrights_summary: tallyCopyrights([scan.copyrights.map((c) => c.copyright)]),
      holders_summary: tallyPersons([scan.holders.map((h) => h.holder)]),
      authors_summary: tallyPersons([scan.authors.map((a) => a.author)]),
    };
    for (const kind of SUMMARY_KINDS) {
      if (!(spec.what ?? []).includes(kind)) continue;
      const key = (e: TallyEntry) => `${e.value === null ? '' : norm(String(e.value))}\u0000${e.count}`;
      const expected = new Set((spec[kind] ?? []).map(key));
      const detected = new Set(tallies[kind].filter((e) => e.value !== null).map(key));
      const a = summaries.get(kind)!;
      a.files++;
      if (expected.size === detected.size && [...expected].every((e) => detected.has(e))) a.exact++;
    }
    for (const kind of KINDS) {
      if (!(spec.what ?? []).includes(kind)) continue;
      const expected = [...new Set((spec[kind] ?? []).map((v) => norm(String(v))))];
      const detected = [...new Set(detectedOf[kind])];
      const a = acc.get(kind)!;
      a.files++;
      if (expected.length === detected.length && expected.every((e) => detected.includes(e))) {
        a.exact++;
        continue;
      }
      const misses = classifyMisses(expected, detected);
      failures.push({ file: relative(root, file), kind, expected, detected, misses });
      for (const m of misses) {
        const key = `${kind}/${m.category}`;
        const c = counts.get(key) ?? { category: m.category, kind, count: 0 };
        c.count++;
        counts.set(key, c);
      }
    }
  }
  const kinds = [...acc.values()].map((a) => ({ ...a, percent: a.files ? Math.round((a.exact / a.files) * 1000) / 10 : 0 }));
  const missCounts = [...counts.values()].sort((a, b) => b.count - a.count);
  const summaryRows = [...summaries.values()].map((a) => ({ ...a, percent: a.files ? Math.round((a.exact / a.files) * 1000) / 10 : 0 }));
  return { kinds, summaries: summaryRows, scanned, excluded, failures, missCounts, bytes, detectSeconds: Number(ns) / 1e9 };
}

export function formatCopyrightAccuracy(r: CopyrightCorpusAccuracy, topMisses = 12): string {
  const rows = [...r.kinds, ...r.summaries].map((k) => `${k.kind.padEnd(18)} ${String(k.exact).padStart(5)} / ${String(k.files).padStart(5)}  ${k.percent.toFixed(1)}%`);
  const misses = r.missCounts.slice(0, topMisses).map((m) => `  ${String(m.count).padStart(5)}  ${m.kind.padEnd(11)} ${m.category}`);
  return [
    ...rows,
    `(${r.scanned} files scanned, ${r.excluded} left out for expected_failures; detection ${r.detectSeconds.toFixed(2)} s for ${(r.bytes / 1024 ** 2).toFixed(1)} MiB)`,
    'most frequent kinds of miss:',
    ...misses,
  ].join('\n');
}
