import { expressionSymbols, parseExpression } from './expression';
import { spdxToScancode } from './license-keys';
import { pythonSafeName, syntheticRuleIdentifier } from './python-names';
import { tokenRangeOfLine, type Query } from './query';
import type { RawMatch, Rule } from './types';

const TAG = /spdx-license-identifier\s*[:=]?\s*(.*)$/i;
/** Characters an SPDX expression can hold; anything else (comment closers, quotes) ends it. */
const EXPRESSION_CHARS = /^[A-Za-z0-9.+\-:()\s]+/;
const PLACEHOLDER = /^[{<[][^}>\]]*[}>\]]/;
/** A statement that can be read as an expression holds only these (ids, operators, parentheses). */
const EXPRESSION_ONLY = /^[A-Za-z0-9.+\-:()\s]+$/;
/** Keys ScanCode's expression matching treats as "not an expression after all". */
const UNKNOWN_KEYS = new Set(['unknown', 'unknown-spdx']);

/**
 * The rule ScanCode makes for an SPDX expression it reads: a tag of relevance 100, named
 * `spdx-license-identifier-<expression>-<digest of the expression and the text read>`.
 */
function spdxRule(expression: string, text: string): Rule {
  return {
    identifier: syntheticRuleIdentifier(`spdx-license-identifier-${pythonSafeName(expression)}`, expression, text),
    licenseExpression: expression,
    kind: 'tag',
    relevance: 100,
    minimumCoverage: 1,
    tokens: new Int32Array(0),
    url: null,
    referencedFilenames: [],
  };
}

/** `1-spdx-id`: each SPDX-License-Identifier line parsed as an SPDX expression. */
export function matchSpdxIdentifiers(q: Query): RawMatch[] {
  const out: RawMatch[] = [];
  for (const { line, text } of q.input) {
    if (!/spdx-license-identifier/i.test(text)) continue;
    const found = TAG.exec(text);
    const rest = found ? found[1].trim() : '';
    const raw = (EXPRESSION_CHARS.exec(rest)?.[0] ?? '').trim();
    const range = tokenRangeOfLine(q, line);
    if (!range) continue;
    // A tag followed by something that is not an expression (a `{placeholder}`, `<license>`,
    // `[id]`) still says "some SPDX license": ScanCode reports it as unknown-spdx.
    const expression = raw ? spdxToScancode(raw) : PLACEHOLDER.test(rest) ? 'unknown-spdx' : '';
    if (!expression) continue;
    const [qstart, qend] = range;
    // The text ScanCode's rule is named after: the stripped line from the tag on.
    const trimmed = text.trim();
    const ruleText = trimmed.slice(Math.max(0, trimmed.search(/spdx-license-identifier/i)));
    out.push({ rule: spdxRule(expression, ruleText), matcher: '1-spdx-id', qstart, qend, matchedLength: qend - qstart + 1, coverage: 1, expression });
    q.consumed.fill(1, qstart, qend + 1);
  }
  return out;
}

/**
 * A package's license statement read whole as one SPDX expression (`MIT`, `Apache-2.0 OR MIT`),
 * as ScanCode first tries for a statement: one `1-spdx-id` match over every token. Null when the
 * text is not an expression or names a license the LicenseDB does not know (ScanCode then
 * matches it as text).
 */
export function matchStatementAsExpression(q: Query): RawMatch | null {
  if (!q.ids.length) return null;
  const text = q.input.map((l) => l.text.trim()).join('\n');
  const candidate = text.trim();
  if (!EXPRESSION_ONLY.test(candidate) || candidate.length > 200) return null;
  const expression = spdxToScancode(candidate);
  const parsed = expression ? parseExpression(expression) : null;
  if (!parsed || expressionSymbols(parsed).some((k) => UNKNOWN_KEYS.has(k))) return null;
  const qend = q.ids.length - 1;
  return { rule: spdxRule(expression, text), matcher: '1-spdx-id', qstart: 0, qend, matchedLength: q.ids.length, coverage: 1, expression };
}
