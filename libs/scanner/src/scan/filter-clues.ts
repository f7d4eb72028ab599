import type { CopyrightScan } from '../copyright/detect-copyrights';
import type { LicenseScan, RuleIgnorables } from '../license';

/** What --filter-clues reads and rewrites of one file's scan. */
export interface FileClues {
  license: LicenseScan | null;
  copyright: CopyrightScan | null;
  emails: { email: string; start_line: number; end_line: number }[] | null;
  urls: { url: string; start_line: number; end_line: number }[] | null;
}

/** Matches covering less of their rule than this are too partial to vouch for its clues. */
const MIN_MATCH_COVERAGE = 90;

/**
 * Lines and the values found on them that make a clue redundant: a rule's ignorable values
 * (a clue must be one of them) or a detected copyright, holder or author (a clue must be part of it).
 */
interface Ignorable {
  start: number;
  end: number;
  values?: Set<string>;
  text?: string;
}

const overlaps = (ign: Ignorable, start: number, end: number): boolean => (start >= ign.start && start <= ign.end) || (end >= ign.start && end <= ign.end);
const holds = (ign: Ignorable, value: string): boolean => (ign.values ? ign.values.has(value) : (ign.text ?? '').includes(value));

function keep<T extends { start_line: number; end_line: number }>(items: T[], ignorables: Ignorable[], valueOf: (item: T) => string): T[] {
  return items.filter((item) => {
    const value = valueOf(item);
    return !ignorables.some((ign) => overlaps(ign, item.start_line, item.end_line) && holds(ign, value));
  });
}

/** Strips `chars` from both ends of `s`, as Python's str.strip(chars). */
function strip(s: string, chars: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && chars.includes(s[a])) a++;
  while (b > a && chars.includes(s[b - 1])) b--;
  return s.slice(a, b);
}

/**
 * ScanCode's --filter-clues for one file: copyrights, holders, authors, emails and URLs that are
 * part of a license text or notice matched at 90% or more of its rule, and listed among that
 * rule's ignorable clues on the lines of the match, are dropped; so are emails and URLs found
 * inside a detected copyright or author, and authors inside a detected copyright or holder.
 * `ignorablesOf` gives a rule's ignorable clues by identifier. Changes `scan` in place.
 */
export function filterClues(scan: FileClues, ignorablesOf: (identifier: string) => RuleIgnorables | undefined): void {
  const copyrights = scan.copyright?.copyrights ?? [];
  const holders = scan.copyright?.holders ?? [];
  const authors = scan.copyright?.authors ?? [];
  const emails = scan.emails ?? [];
  const urls = scan.urls ?? [];
  if (!copyrights.length && !holders.length && !authors.length && !emails.length && !urls.length) return;

  const fromRules: Record<keyof RuleIgnorables, Ignorable[]> = { copyrights: [], holders: [], authors: [], urls: [], emails: [] };
  for (const m of (scan.license?.license_detections ?? []).flatMap((d) => d.matches)) {
    if (m.match_coverage < MIN_MATCH_COVERAGE) continue;
    const found = ignorablesOf(m.rule_identifier);
    if (!found) continue;
    for (const kind of Object.keys(fromRules) as (keyof RuleIgnorables)[]) {
      const values = found[kind];
      if (!values?.length) continue;
      fromRules[kind].push({ start: m.start_line, end: m.end_line, values: new Set(kind === 'urls' ? values.map((u) => u.replace(/\/+$/, '')) : values) });
    }
  }
  const asIgnorable = <T extends { start_line: number; end_line: number }>(items: T[], text: (item: T) => string): Ignorable[] =>
    items.map((item) => ({ start: item.start_line, end: item.end_line, text: text(item) }));
  const inCopyrights = asIgnorable(copyrights, (c) => c.copyright);
  const inHolders = asIgnorable(holders, (h) => h.holder);
  const inAuthors = asIgnorable(authors, (a) => a.author);

  if (scan.emails) scan.emails = keep(emails, [...fromRules.emails, ...inCopyrights, ...inAuthors], (e) => e.email);
  if (scan.urls) scan.urls = keep(urls, [...fromRules.urls, ...inCopyrights, ...inAuthors], (u) => strip(u.url, '/'));
  if (scan.copyright) {
    scan.copyright = {
      ...scan.copyright,
      copyrights: keep(copyrights, fromRules.copyrights, (c) => c.copyright),
      holders: keep(holders, fromRules.holders, (h) => h.holder),
      authors: keep(authors, [...fromRules.authors, ...inCopyrights, ...inHolders], (a) => a.author),
    };
  }
}
