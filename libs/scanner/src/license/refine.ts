import { expressionOf } from './raw-match';
import type { RawMatch } from './types';

/** A weaker match may share at most this share of its span with a stronger, kept match. */
const MAX_OVERLAP = 0.3;

/**
 * How good a match is for choosing between rivals over the same text: matched tokens, scaled by
 * how much of the rule was found and how much of the matched span is the rule's text. The
 * scaling makes a full MIT text beat an MIT variant that matches a few more words but leaves
 * half of its own text unmatched.
 */
export function matchStrength(m: RawMatch): number {
  const span = m.qend - m.qstart + 1;
  // A missed version number halves the strength; a common license wins a near tie against a
  // rare look-alike (Apache-2.0 over Pixar, BSD-3-Clause over its many named variants).
  const numbers = 0.5 ** (m.missedNumbers ?? 0);
  const prior = m.rule.isCommon ? 1.1 : 1;
  return m.matchedLength * m.coverage * (m.matchedLength / span) * (m.rule.relevance / 100) * numbers * prior;
}

/**
 * Refinement: SPDX-License-Identifier matches are kept as they are; the other matches are
 * taken strongest first, and a match is dropped when it mostly lies inside stronger ones (the
 * same license found by a shorter rule, or a similar license text over the same lines).
 * False-positive rules win their span and are then removed. The result is in text order.
 */
export function refineMatches(matches: RawMatch[]): RawMatch[] {
  const kept: RawMatch[] = matches.filter((m) => m.matcher === '1-spdx-id');
  const others = matches
    .filter((m) => m.matcher !== '1-spdx-id')
    .sort((a, b) => matchStrength(b) - matchStrength(a) || b.coverage - a.coverage || a.qstart - b.qstart);
  // Query positions under a kept match: overlap is counted on this map, linear in the spans (a
  // file of thousands of one-line notices has thousands of matches).
  const end = matches.reduce((max, m) => Math.max(max, m.qend + 1), 0);
  const covered = new Uint8Array(end);
  for (const k of kept) covered.fill(1, k.qstart, k.qend + 1);
  for (const m of others) {
    const span = m.qend - m.qstart + 1;
    let overlap = 0;
    for (let i = m.qstart; i <= m.qend; i++) overlap += covered[i];
    if (overlap / span > MAX_OVERLAP) continue;
    covered.fill(1, m.qstart, m.qend + 1);
    if (m.matcher === '3-seq' && m.coverage === 1 && m.matchedLength === span && span === m.rule.tokens.length) {
      kept.push({ ...m, matcher: '2-aho' });
    } else {
      kept.push(m);
    }
  }
  const real = kept.filter((m) => m.rule.kind !== 'false-positive');
  return dropPublicDomainMentions(dropUnversionedMentions(real)).sort((a, b) => a.qstart - b.qstart || a.qend - b.qend);
}

/**
 * A bare "GNU General Public License" (or Library/Lesser) mention next to a versioned GPL notice
 * is the same license named again, not another one: ScanCode folds the unversioned mention into
 * the versioned detection, so the mention is dropped when a versioned match of the family exists.
 */
function dropUnversionedMentions(matches: RawMatch[]): RawMatch[] {
  const UNVERSIONED = new Set(['gpl-1.0-plus', 'lgpl-2.0-plus']);
  const versioned = matches.some((m) => !UNVERSIONED.has(expressionOf(m)) && /\b(a|l)?gpl-\d/.test(expressionOf(m)));
  if (!versioned) return matches;
  return matches.filter((m) => !(m.rule.kind === 'reference' && UNVERSIONED.has(expressionOf(m))));
}

/**
 * A bare "public domain" mention next to a public-domain dedication (CC0, the Unlicense, the
 * CC public domain certification) describes that dedication; it is not a second license.
 */
function dropPublicDomainMentions(matches: RawMatch[]): RawMatch[] {
  const DEDICATIONS = /\b(cc0-1\.0|unlicense|cc-pd|cc-pddc|public-domain-disclaimer|sax-pd|nist-pd)/;
  if (!matches.some((m) => DEDICATIONS.test(expressionOf(m)))) return matches;
  return matches.filter((m) => !((m.rule.kind === 'reference' || m.rule.kind === 'notice') && expressionOf(m) === 'public-domain'));
}

