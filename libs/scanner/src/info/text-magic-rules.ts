import generated from './data/text-magic-rules.json';
import { ALWAYS, compileProbe, NO, SOMEWHERE, startsAt, unescapeVariants, type GeneratedTest, type Probe, type RuleInput } from './text-magic-tests';

/**
 * libmagic's rules for text (the tests it tries on a text file, in its order, and the binary
 * rules whose values can occur in text), read from the generated table and compiled once. A
 * rule's top-level test is followed by the tree of continuations the generator saw libmagic try;
 * a rule describes a file when its top-level test matches and it, or a continuation below,
 * prints. Relative continuations read from where the level above matched, as in libmagic.
 */
export { REGEX_BYTES, type RuleInput } from './text-magic-tests';

interface GeneratedRule extends GeneratedTest {
  source: string;
  /** The continuation tree of a rule that prints only through it (null: not seen). */
  then?: GeneratedTest[] | null;
}

/** A test in the tree, and what lies below it (null: not known, so it may print). */
interface Node {
  probe: Probe;
  offset: number;
  relative: boolean;
  prints: boolean;
  /** A default branch: runs when its siblings fail, which is assumed. */
  fallback: boolean;
  children: Node[] | null;
}

export interface TextRule {
  top: Node;
  javascript: boolean;
}

function compileNode(test: GeneratedTest, children: GeneratedTest[] | null | undefined): Node {
  return {
    probe: test.type === 'default' ? ALWAYS : compileProbe(test),
    offset: test.offset ?? 0,
    relative: test.relative === true,
    prints: test.prints,
    fallback: test.type === 'default',
    children: children ? children.map((child) => compileNode(child, child.children)) : null,
  };
}

/** Where a node reads: its offset, from the level above's match end when relative. */
function position(node: Node, above: number): number {
  if (!node.relative) return node.offset;
  return above === SOMEWHERE ? SOMEWHERE : above + node.offset;
}

/** Could this node, matched from `above`, print a description (itself or a node below it)? */
function mayPrint(node: Node, input: RuleInput, above: number): boolean {
  const end = node.fallback ? above : node.probe(input, position(node, above));
  if (end === NO) return false;
  if (node.prints || node.children === null) return true;
  return node.children.some((child) => mayPrint(child, input, end));
}

/** Whether a rule could describe the input; `end` is where its top-level test matched (NO: it did not). */
export function mayDescribe(rule: TextRule, input: RuleInput, end = rule.top.probe(input, rule.top.offset)): boolean {
  if (end === NO) return false;
  const { top } = rule;
  if (top.prints || top.children === null) return true;
  return top.children.some((child) => mayPrint(child, input, end));
}

/** True when the rule's top-level test matches (for a rule that prints by itself, its description). */
export function topMatches(rule: TextRule, input: RuleInput): boolean {
  return rule.top.probe(input, rule.top.offset) !== NO;
}

function compileRule(rule: GeneratedRule): TextRule {
  return { top: compileNode(rule, rule.then), javascript: rule.javascript === true };
}

let compiled: TextRule[] | undefined;

export function textRules(): TextRule[] {
  compiled ??= (generated.rules as GeneratedRule[]).map(compileRule);
  return compiled;
}

let binary: ((input: RuleInput) => boolean) | undefined;

/**
 * Whether one of the binary pass's rules that can match text (generated.binary, about 1,600,
 * most of them literals at fixed offsets) could describe the input. The literals are looked up
 * by offset and first byte, so a file costs a few compares, not one per rule.
 */
export function binaryRulesMatch(input: RuleInput): boolean {
  binary ??= compileBinary(generated.binary as GeneratedRule[]);
  return binary(input);
}

function compileBinary(rules: GeneratedRule[]): (input: RuleInput) => boolean {
  const byOffset = new Map<number, Map<number, { literal: Buffer; rule: TextRule }[]>>();
  const others: TextRule[] = [];
  for (const generatedRule of rules) {
    const rule = compileRule(generatedRule);
    if (generatedRule.type !== 'string' || generatedRule.flags !== '' || generatedRule.offset === null) {
      others.push(rule);
      continue;
    }
    for (const value of unescapeVariants(generatedRule.value)) {
      const literal = Buffer.from(value, 'latin1');
      let byFirst = byOffset.get(generatedRule.offset);
      if (!byFirst) byOffset.set(generatedRule.offset, (byFirst = new Map()));
      const list = byFirst.get(literal[0]) ?? [];
      list.push({ literal, rule });
      byFirst.set(literal[0], list);
    }
  }
  const groups = [...byOffset];
  return (input) => {
    const { bytes } = input;
    for (const [offset, byFirst] of groups) {
      const candidates = byFirst.get(bytes[offset]);
      if (candidates?.some(({ literal, rule }) => startsAt(bytes, literal, offset) && mayDescribe(rule, input, offset + literal.length))) return true;
    }
    return others.some((rule) => mayDescribe(rule, input));
  };
}
