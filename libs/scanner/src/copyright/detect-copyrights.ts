import type { NumberedLine } from '../text';
import { candidateGroups, groupTokens, hasLongLines, lineStarts, markLines, MAY_BE_CANDIDATE } from './candidates';
import { creditsAuthors, isCreditsFile } from './credits';
import { isTree, parseTokens, type LexToken, type ParseNode, type ParseTree } from './grammar';
import { prepareLexicon, tagOf } from './lexicon';
import { sourceMapLines } from './js-map';
import { demarkupLines } from './markup';
import { isJunkCopyright, refineAuthor, refineCopyright, refineHolder } from './refine';

export interface CopyrightScan {
  copyrights: { copyright: string; start_line: number; end_line: number }[];
  holders: { holder: string; start_line: number; end_line: number }[];
  authors: { author: string; start_line: number; end_line: number }[];
}

export interface CopyrightOptions {
  /**
   * Keep "All rights reserved" at the end of copyright strings. Off by default, like
   * ScanCode's `--copyright` scan.
   */
  allRights?: boolean;
  /** The file's path or name: CREDITS files and markup extensions are recognized by it. */
  path?: string;
}

const YEAR_LABELS = ['YR-RANGE', 'YR', 'YR-AND', 'YR-PLUS', 'BARE-YR'];
const NOT_IN_HOLDERS = new Set(['COPY', ...YEAR_LABELS, 'EMAIL', 'URL', 'HOLDER', 'AUTHOR', 'IS', 'HELD']);
// Holders keep their emails and urls when there is nothing else to name.
const NOT_IN_HOLDERS_FALLBACK = new Set(['COPY', ...YEAR_LABELS, 'IS', 'HELD']);
const NOT_IN_AUTHORS = new Set(['COPY', ...YEAR_LABELS, 'AUTH', 'AUTH2', 'HOLDER', 'IS', 'HELD']);
const NONE = new Set<string>();
const NAMEISH = new Set(['NN', 'CAPS', 'NNP']);
// Every statement needs a copyright word or sign, "holder", an author word ("author",
// "contributors", "written", "maintainers"...) or SPDX-FileContributor; or else "by" and an
// email ("by Jane <jane@example.com>"). A candidate group without them is neither lexed nor
// parsed: the grammar could not build a statement from it.
const STATEMENT_WORD = /opy|opr|ppyr|\(c\)|auth|ontributor|coded|modified|created|writ|maintain|develop|admin|holder|spdx/i;
const BY = /\bby\b/i;
const EMAILISH = /@|mailto|\bAT\b|at[a-zA-Z0-9][\w+\-.%]*\.[a-zA-Z]{2,3}/;

// The same test, exact, on raw text before anything is prepared: the words the lexer tags as a
// copyright sign or word (any spelling of "(c)" included), "holder", an author word
// (author, contributors, written, created, developed, maintainers...) or SPDX-FileContributor.
const RAW_STATEMENT_WORD = new RegExp(
  [
    'opyr|opyl|opyi|ppyr|\\bcopr\\b|\\(\\s*c\\s*\\)|\\u00a9|&copy|&#169|&#xa9|u00a9|\\\\a9|<a9>|xa9;',
    '\\bauthors?\\b|author\\(s\\)|moduleauthor|__(?:authors?|contributors?)__|\\bauthored\\b|\\bcontributors\\b',
    '\\b(?:re)?coded\\b|\\bmodified\\b|\\bcreated\\b|\\b(?:re)?writt?e[dn]\\b|\\b(?:co-)?maintain(?:ers?|ed)\\b',
    '\\bdevelop(?:ers?|ed)\\b|\\badmins?\\b|\\bholders?\\b|spdx-(?:file|snippet)',
  ].join('|'),
  'i',
);

// A cheaper superset of RAW_STATEMENT_WORD (plain substrings: V8 scans for them fast, where
// word boundaries at the start of alternatives make it try every position): most files fail
// it and cost one scan.
const STATEMENT_SUBSTRING = /opyr|opyl|opyi|ppyr|copr|\(\s*c\s*\)|\u00a9|&copy|&#169|&#xa9|u00a9|\\a9|<a9>|xa9;|author|contributor|coded|modified|created|writt?e[dn]|maintain(?:ers?|ed)|develop(?:ers?|ed)|admin|holder|spdx-/i;
const STATEMENT_SUBSTRINGS = new RegExp(STATEMENT_SUBSTRING.source, 'gi');
const BY_SUBSTRING = /by\b/i;
const EMAIL_SUBSTRING = /@|mailto|AT\b|at[a-zA-Z0-9][\w+\-.%]*\.[a-zA-Z]{2,3}/;

function fileMayHoldStatement(text: string): boolean {
  return RAW_STATEMENT_WORD.test(text) || (BY.test(text) && EMAILISH.test(text));
}

function mayHoldStatement(group: { prepared: string }[]): boolean {
  if (group.some((l) => STATEMENT_WORD.test(l.prepared))) return true;
  return group.some((l) => BY.test(l.prepared)) && group.some((l) => EMAILISH.test(l.prepared));
}

const BYS = new RegExp(BY.source, 'gi');

/**
 * The runs of lines that may hold a statement, each read on its own (see `independentRuns`):
 * the run around each line with a statement word (or with "by", when the file has an email),
 * found by walking to three lines without a hint on each side. The rest of the file is never
 * prepared nor parsed. Also returns the hint marks of the lines of those runs.
 */
function runsToRead(lines: NumberedLine[], joined: string): { hinted: Uint8Array; runs: [number, number][] } {
  const starts = lineStarts(lines);
  const n = lines.length;
  const hinted = new Uint8Array(n);
  const known = new Uint8Array(n);
  const isHinted = (i: number): boolean => {
    if (!known[i]) {
      known[i] = 1;
      hinted[i] = MAY_BE_CANDIDATE.test(lines[i].text) ? 1 : 0;
    }
    return hinted[i] === 1;
  };
  const seeds = markLines(joined, starts, STATEMENT_SUBSTRINGS);
  // "by" starts an author statement only with an email right after it.
  const bys = EMAILISH.test(joined) ? markLines(joined, starts, BYS) : null;
  const byOnly = (i: number): boolean =>
    bys !== null && bys[i] === 1 && lines.slice(i, i + 3).some((l) => EMAILISH.test(l.text));
  const runs: [number, number][] = [];
  let covered = 0;
  for (let s = 0; s < n; s++) {
    if (s < covered || !(seeds[s] || byOnly(s))) continue;
    let start = s;
    for (let i = s - 1, quiet = 0; i >= 0 && i >= covered; i--) {
      if (isHinted(i)) {
        start = i;
        quiet = 0;
      } else if (++quiet === 3) break;
    }
    let end = n;
    for (let i = s + 1, quiet = 0; i < n; i++) {
      if (isHinted(i)) quiet = 0;
      else if (++quiet === 3) {
        end = i + 1;
        break;
      }
    }
    isHinted(s);
    covered = end;
    const text = joined.slice(starts[start], starts[end - 1] + lines[end - 1].text.length);
    if (fileMayHoldStatement(text)) runs.push([start, end]);
  }
  return { hinted, runs };
}

function leaves(node: ParseTree, ignored: Set<string>, out: LexToken[] = []): LexToken[] {
  for (const child of node.children) {
    if (ignored.has(child.label)) continue;
    if (isTree(child)) leaves(child, ignored, out);
    else out.push(child);
  }
  return out;
}

/**
 * The text of a node without the ignored labels and, unless kept, without "All rights
 * reserved" (the word before RIGHT and RIGHT itself are dropped when RESERVED follows).
 */
function nodeText(node: ParseTree, ignored: Set<string>, keepAllRights: boolean, refine: (s: string) => string) {
  const kept: LexToken[] = [];
  for (const t of leaves(node, ignored)) {
    if (keepAllRights || t.label !== 'RESERVED') {
      kept.push(t);
      continue;
    }
    const n = kept.length;
    if (n >= 2 && kept[n - 1].label === 'RIGHT' && NAMEISH.has(kept[n - 2].label)) kept.length = n - 2;
    else if (n >= 3 && NAMEISH.has(kept[n - 1].label) && kept[n - 2].label === 'RIGHT' && NAMEISH.has(kept[n - 3].label)) kept.length = n - 3;
  }
  const text = refine(kept.map((t) => t.value).join(' ').split(/\s+/).filter(Boolean).join(' '));
  if (!text || isJunkCopyright(text)) return null;
  return { text, start_line: kept[0].line, end_line: kept[kept.length - 1].line };
}

function collect(nodes: ParseNode[], opts: CopyrightOptions, out: CopyrightScan, ignored = NONE): void {
  for (const node of nodes) {
    if (!isTree(node)) continue;
    if (node.label.includes('COPYRIGHT')) {
      const c = nodeText(node, ignored, opts.allRights === true, refineCopyright);
      if (!c) continue;
      out.copyrights.push({ copyright: c.text, start_line: c.start_line, end_line: c.end_line });
      const h = nodeText(node, NOT_IN_HOLDERS, false, refineHolder) ?? nodeText(node, NOT_IN_HOLDERS_FALLBACK, false, refineHolder);
      if (h) out.holders.push({ holder: h.text, start_line: h.start_line, end_line: h.end_line });
    } else if (node.label === 'AUTHOR') {
      const a = nodeText(node, NOT_IN_AUTHORS, false, refineAuthor);
      if (a) out.authors.push({ author: a.text, start_line: a.start_line, end_line: a.end_line });
    }
  }
}

/** Copyright statements, holders and authors of one file's lines (ScanCode's `--copyright`). */
export function detectCopyrights(lines: NumberedLine[], opts: CopyrightOptions = {}): CopyrightScan {
  const out: CopyrightScan = { copyrights: [], holders: [], authors: [] };
  if (opts.path && isCreditsFile(opts.path)) {
    const credits = creditsAuthors(lines);
    if (credits.length > 0) return { ...out, authors: credits };
  }
  const joined = lines.map((l) => l.text).join('\n');
  if (!STATEMENT_SUBSTRING.test(joined) && !(BY_SUBSTRING.test(joined) && EMAIL_SUBSTRING.test(joined))) return out;
  const sources = sourceMapLines(lines, opts.path);
  const text = sources ?? demarkupLines(lines, opts.path);
  // Markup files are demarked and read with their long lines in pieces, like other texts with
  // very long lines (minified code, JSON).
  const breakLong = sources === null && (text !== lines || (!opts.path?.endsWith('package.json') && hasLongLines(lines)));
  const { hinted, runs } = runsToRead(text, text === lines ? joined : text.map((l) => l.text).join('\n'));
  for (const [from, to] of runs) {
    for (const group of candidateGroups(text, hinted, breakLong, from, to)) {
      if (mayHoldStatement(group)) collectGroup(group, opts, out);
    }
  }
  return out;
}

/**
 * What the first copyright files of a worker would otherwise pay for, done ahead (a scan
 * worker's warm-up): the lexicon's expressions compiled, the grammar's rules loaded and a short
 * notice read through every stage.
 */
export function warmCopyrightDetector(): void {
  prepareLexicon();
  const sample = ['Copyright (c) 1998-2004, 2010 Free Software Foundation, Inc. All rights reserved.', 'Written by John Doe <jdoe@example.com> and contributors.'];
  detectCopyrights(sample.map((text, i) => ({ line: i + 1, text })));
}

/** Lexes, parses and collects the statements of one candidate group. */
function collectGroup(group: { line: number; prepared: string }[], opts: CopyrightOptions, out: CopyrightScan): void {
  const tokens = groupTokens(group);
  if (tokens.length === 0) return;
  const lexed: LexToken[] = tokens.map((t) => ({ value: t.value, label: tagOf(t.value), line: t.line }));
  collect(parseTokens(lexed), opts, out);
}

const YEARS = new Set(YEAR_LABELS);

/**
 * The copyright statements of one statement string, parsed as one line and reported without
 * their years: how ScanCode compares statements in its tallies.
 */
export function copyrightsWithoutYears(statement: string): string[] {
  const out: CopyrightScan = { copyrights: [], holders: [], authors: [] };
  const tokens = groupTokens([{ line: 1, prepared: statement }]);
  if (tokens.length === 0) return [];
  const lexed: LexToken[] = tokens.map((t) => ({ value: t.value, label: tagOf(t.value), line: t.line }));
  collect(parseTokens(lexed), {}, out, YEARS);
  return out.copyrights.map((c) => c.copyright);
}
