import { createHash } from 'node:crypto';
import { spdxToScancode } from './license-keys';
import { tokenRangeOfLine, type Query } from './query';
import type { RawMatch, Rule } from './types';

const TAG = /spdx-license-identifier\s*[:=]?\s*(.*)$/i;
/** Characters an SPDX expression can hold; anything else (comment closers, quotes) ends it. */
const EXPRESSION_CHARS = /^[A-Za-z0-9.+\-:()\s]+/;
const PLACEHOLDER = /^[{<[][^}>\]]*[}>\]]/;

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
    const length = qend - qstart + 1;
    const rule: Rule = {
      identifier: `spdx-license-identifier-${safeName(expression)}-${createHash('sha1').update(raw).digest('hex')}`,
      licenseExpression: expression,
      kind: 'tag',
      relevance: 100,
      minimumCoverage: 1,
      tokens: new Int32Array(0),
      url: null,
      referencedFilenames: [],
    };
    out.push({ rule, matcher: '1-spdx-id', qstart, qend, matchedLength: length, coverage: 1, expression });
    q.consumed.fill(1, qstart, qend + 1);
  }
  return out;
}

function safeName(expression: string): string {
  return expression.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}
