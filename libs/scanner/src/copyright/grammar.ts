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
  /**
   * For each label group a match cannot do without, its alternatives: the rule can only match
   * when every group has one of its labels among the current nodes. Empty: always tried.
   */
  required: string[][];
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

const GROUP = /<([^<>]+)>([?*+]|\{\d+(?:,\d*)?\})?/g;

/** The mandatory label groups of a plain sequence pattern (no parentheses, no wildcards). */
function requiredLabels(pattern: string): string[][] {
  const compact = pattern.replace(/\s+/g, '');
  if (!/^(?:<[^<>]+>(?:[?*+]|\{\d+(?:,\d*)?\})?)+$/.test(compact)) return [];
  const out: string[][] = [];
  for (const m of compact.matchAll(GROUP)) {
    const q = m[2] ?? '';
    if (q === '?' || q === '*' || q.startsWith('{0')) continue;
    const alts = m[1].split('|');
    if (alts.some((a) => /[.*+?[\]]/.test(a))) continue;
    out.push(alts);
  }
  return out;
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
    rules.push({ label, re: patternRegex(pattern), required: requiredLabels(pattern) });
  }
  return rules;
}

let rules: Rule[] | null = null;

/** The sequence being parsed, with its label text kept in step with the nodes. */
class Sequence {
  text = '';
  starts: number[] = [];
  counts = new Map<string, number>();

  constructor(public nodes: ParseNode[]) {
    this.reindex();
  }

  reindex(): void {
    this.starts = [];
    this.counts.clear();
    let text = '';
    for (const n of this.nodes) {
      this.starts.push(text.length);
      text += `<${n.label}>`;
      this.counts.set(n.label, (this.counts.get(n.label) ?? 0) + 1);
    }
    this.text = text;
  }

  mayMatch(rule: Rule): boolean {
    for (const alts of rule.required) {
      let found = false;
      for (const l of alts) {
        if (this.counts.has(l)) {
          found = true;
          break;
        }
      }
      if (!found) return false;
    }
    return true;
  }

  /** Index of the node starting at `offset` (nodes.length at the end of the text). */
  indexAt(offset: number): number {
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  apply(rule: Rule): void {
    if (!this.mayMatch(rule)) return;
    const re = rule.re;
    re.lastIndex = 0;
    let out: ParseNode[] | null = null;
    let next = 0; // first node not yet copied to out
    let m: RegExpExecArray | null;
    while ((m = re.exec(this.text)) !== null) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      const first = this.indexAt(m.index);
      const end = this.indexAt(m.index + m[0].length); // exclusive
      out ??= [];
      for (let i = next; i < first; i++) out.push(this.nodes[i]);
      out.push({ label: rule.label, children: this.nodes.slice(first, end) });
      next = end;
    }
    if (!out) return;
    for (let i = next; i < this.nodes.length; i++) out.push(this.nodes[i]);
    this.nodes = out;
    this.reindex();
  }
}

/** Parses lexed tokens into a shallow tree: top-level tokens and labelled nodes. */
export function parseTokens(tokens: LexToken[]): ParseNode[] {
  rules ??= loadRules();
  const seq = new Sequence(tokens);
  for (const rule of rules) seq.apply(rule);
  return seq.nodes;
}
