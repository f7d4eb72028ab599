import type { NumberedLine } from '../text';
import { candidateGroups, groupTokens, hasLongLines, hintedLines, independentRuns, lineStarts } from './candidates';
import { creditsAuthors, isCreditsFile } from './credits';
import { isTree, parseTokens, type LexToken, type ParseNode, type ParseTree } from './grammar';
import { tagOf } from './lexicon';
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

// The same test on a whole file's raw text, before anything is prepared: "(c)" may still be
// spelled with a sign, an entity or an escape there.
const RAW_STATEMENT_WORD = /opy|opr|ppyr|\(\s*c\s*\)|\u00a9|&copy|&#169|&#xa9|u00a9|\\a9|<a9>|xa9;|auth|ontributor|coded|modified|created|writt?e[dn]|maintain|develop|admin|holder|spdx/i;

function fileMayHoldStatement(text: string): boolean {
  return RAW_STATEMENT_WORD.test(text) || (BY.test(text) && EMAILISH.test(text));
}

function mayHoldStatement(group: { prepared: string }[]): boolean {
  if (group.some((l) => STATEMENT_WORD.test(l.prepared))) return true;
  return group.some((l) => BY.test(l.prepared)) && group.some((l) => EMAILISH.test(l.prepared));
}

/**
 * The independent runs of lines (see `independentRuns`) that may hold a statement: the others
 * are never prepared nor parsed.
 */
function runsToRead(lines: NumberedLine[], joined: string): { hinted: Uint8Array; runs: [number, number][] } {
  const starts = lineStarts(lines);
  const hinted = hintedLines(joined, starts);
  const runs = independentRuns(hinted).filter(([from, to]) => {
    const last = lines[to - 1];
    return fileMayHoldStatement(joined.slice(starts[from], starts[to - 1] + last.text.length));
  });
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

function collect(nodes: ParseNode[], opts: CopyrightOptions, out: CopyrightScan): void {
  for (const node of nodes) {
    if (!isTree(node)) continue;
    if (node.label.includes('COPYRIGHT')) {
      const c = nodeText(node, NONE, opts.allRights === true, refineCopyright);
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
  if (!fileMayHoldStatement(joined)) return out;
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

/** Lexes, parses and collects the statements of one candidate group. */
function collectGroup(group: { line: number; prepared: string }[], opts: CopyrightOptions, out: CopyrightScan): void {
  const tokens = groupTokens(group);
  if (tokens.length === 0) return;
  const lexed: LexToken[] = tokens.map((t) => ({ value: t.value, label: tagOf(t.value), line: t.line }));
  collect(parseTokens(lexed), opts, out);
}
