import { GRAMMAR_TABLE } from './grammar-table';

/**
 * A cascaded chunker over part-of-speech tags, the parsing model ScanCode uses (pygmars, after
 * NLTK's RegexpParser): each rule is a regular expression over the sequence of labels,
 * written `<NNP>+ <COMP>`; every non-overlapping match, leftmost first, is replaced by one
 * node with the rule's label, and the next rule sees the new sequence. One pass over the
 * rules, in order.
 */

export interface LexToken {
  value: string;
  label: string;
  line: number;
}

export interface ParseTree {
  label: string;
  children: ParseNode[];
}

export type ParseNode = LexToken | ParseTree;

export const isTree = (n: ParseNode): n is ParseTree => (n as ParseTree).children !== undefined;

interface Rule {
  label: string;
  re: RegExp;
  /** Labels that every match must contain (one is enough to try the rule). */
  anyOf: string[];
}

/**
 * The regex of a label pattern: whitespace is insignificant, `<...>` groups one label (its
 * `|` alternates within the label), and `.` never crosses a label boundary.
 */
function patternRegex(pattern: string): RegExp {
  const src = pattern
    .replace(/\s+/g, '')
    .replace(/\./g, '[^{}<>]')
    .replace(/</g, '(?:<(?:')
    .replace(/>/g, ')>)');
  return new RegExp(src, 'g');
}

/** Labels named in the first mandatory `<...>` of a pattern, used to skip rules cheaply. */
function requiredLabels(pattern: string): string[] {
  const compact = pattern.replace(/\s+/g, '');
  // Only patterns made of plain <A|B> groups with quantifiers are analysed; others always run.
  if (!/^(?:<[^<>]+>(?:[?*+]|\{\d+(?:,\d*)?\})?)+$/.test(compact)) return [];
  for (const m of compact.matchAll(/<([^<>]+)>([?*+]|\{\d+(?:,\d*)?\})?/g)) {
    const q = m[2] ?? '';
    if (q === '?' || q === '*' || q.startsWith('{0')) continue;
    const alts = m[1].split('|');
    if (alts.some((a) => /[.*+?]/.test(a))) return [];
    return alts;
  }
  return [];
}

function loadRules(): Rule[] {
  const rules: Rule[] = [];
  for (const raw of GRAMMAR_TABLE.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const colon = line.indexOf(':');
    // One rule of the table is labelled "<COPYRIGHT>": the brackets are not part of the name.
    const label = line.slice(0, colon).trim().replace(/^<(.*)>$/, '$1');
    let pattern = line.slice(colon + 1).split('#')[0].trim();
    if (pattern.startsWith('{') && pattern.endsWith('}')) pattern = pattern.slice(1, -1);
    rules.push({ label, re: patternRegex(pattern), anyOf: requiredLabels(pattern) });
  }
  return rules;
}

let rules: Rule[] | null = null;

function applyRule(rule: Rule, nodes: ParseNode[], present: Set<string>): ParseNode[] {
  if (rule.anyOf.length > 0 && !rule.anyOf.some((l) => present.has(l))) return nodes;
  // The sequence as "<A><B>...", with the offset of each node's "<".
  const starts: number[] = [];
  let text = '';
  for (const n of nodes) {
    starts.push(text.length);
    text += `<${n.label}>`;
  }
  const re = rule.re;
  re.lastIndex = 0;
  let out: ParseNode[] | null = null;
  let next = 0; // first node not yet copied to out
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    const first = indexAt(starts, m.index);
    const end = indexAt(starts, m.index + m[0].length); // exclusive
    out ??= [];
    for (let i = next; i < first; i++) out.push(nodes[i]);
    out.push({ label: rule.label, children: nodes.slice(first, end) });
    present.add(rule.label);
    next = end;
  }
  if (!out) return nodes;
  for (let i = next; i < nodes.length; i++) out.push(nodes[i]);
  return out;
}

/** Index of the node starting at `offset` (or nodes.length at the end of the text). */
function indexAt(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Parses lexed tokens into a shallow tree: top-level tokens and labelled nodes. */
export function parseTokens(tokens: LexToken[]): ParseNode[] {
  rules ??= loadRules();
  let nodes: ParseNode[] = tokens;
  const present = new Set(tokens.map((t) => t.label));
  for (const rule of rules) nodes = applyRule(rule, nodes, present);
  return nodes;
}
