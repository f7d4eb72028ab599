import { keyToSpdxId } from './license-keys';
import { wordAt, type Query } from './query';
import { expressionOf } from './raw-match';
import type { RawMatch } from './types';

/** Words after a versioned name that make it "or later": "GPL 2.0 or later", "v2 or any later version", "or newer". */
function saysOrLater(q: Query, after: number): boolean {
  const w = (k: number): string | undefined => wordAt(q, after + k);
  if (w(0) === 'later' || w(0) === 'newer') return true;
  if ((w(0) === 'any' || w(0) === 'at') && (w(1) === 'later' || w(1) === 'newer')) return true;
  return w(0) === 'at' && w(1) === 'your' && w(2) === 'option' && w(3) === 'any' && w(4) === 'later';
}

/**
 * A reference to a versioned license ("GNU Lesser General Public License Version 2.1") directly
 * followed by "or later" names the "-or-later" license: the reference is widened to its `-plus`
 * key when ScanCode has one. Rules cannot list every name × "or later" spelling.
 */
export function widenOrLater(q: Query, matches: RawMatch[]): RawMatch[] {
  return matches.map((m) => {
    if (m.rule.kind !== 'reference' && m.rule.kind !== 'tag') return m;
    const key = expressionOf(m);
    if (!/^[a-z0-9.-]+$/.test(key) || key.endsWith('-plus') || !/\d/.test(key)) return m;
    const plus = `${key}-plus`;
    if (keyToSpdxId(plus).startsWith('LicenseRef-')) return m;
    if (!saysOrLater(q, m.qend + 1)) return m;
    return { ...m, expression: plus, qend: Math.min(q.ids.length - 1, m.qend + 1) };
  });
}
