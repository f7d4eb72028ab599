import { MIN_SEQ_RULE_LENGTH } from './index-data/build-index-data';
import { hasNgramKey, ngramKey, UNKNOWN_NGRAM_LENGTH } from './index-data/unknown-ngrams';
import { ruleUrl } from './licensedb/licensedb-sources';
import type { LicenseIndex } from './license-index';
import { onlyMatchedText } from './matched-text';
import { syntheticRuleIdentifier } from './python-names';
import type { Query } from './query';
import { hasUnknown } from './raw-match';
import type { RawMatch, Rule } from './types';

/** An unknown match covers at least four n-grams' worth of words, five of them legalese (ScanCode's thresholds). */
const MIN_MATCHED = UNKNOWN_NGRAM_LENGTH * 4;
const MIN_LEGALESE = 5;
/** Matched words must make at least this share of the words from the first to the last (ScanCode's spurious-match density). */
const MIN_DENSITY = 0.4;
/** The relevance of the rule made for an unknown match: license-like, but no license named. */
export const UNKNOWN_RULE_RELEVANCE = 50;
/** An approximate match this short and covering this little of its rule is weak. */
const WEAK_SEQ_COVERAGE = 0.25;

/**
 * A weak match does not keep unknown detection away from its text: a short approximate match of
 * little of its rule, or a match of an unknown license (ScanCode's split_weak_matches).
 */
export function isWeakMatch(m: RawMatch): boolean {
  return (m.matcher === '3-seq' && m.matchedLength <= MIN_SEQ_RULE_LENGTH && m.coverage <= WEAK_SEQ_COVERAGE) || hasUnknown(m);
}

/** Query positions the good matches cover (the words each one matched, not the words it skips). */
function coveredPositions(q: Query, good: RawMatch[]): Uint8Array {
  const covered = new Uint8Array(q.ids.length);
  for (const m of good) {
    if (!m.queryMask) covered.fill(1, m.qstart, m.qend + 1);
    else for (let i = 0; i < m.queryMask.length; i++) if (m.queryMask[i]) covered[m.qstart + i] = 1;
  }
  return covered;
}

/**
 * Unknown-license detection (ScanCode's --unknown-licenses, matcher `6-unknown`): in each stretch
 * of text that no good match covers, the words that sit in 6-grams found in some rule, when there
 * are enough of them, enough legalese among them and they are not too scattered, make one
 * `unknown` match. A match lying
 * within the region of a good match is dropped. `matches` are the refined matches of the query.
 */
export function matchUnknown(q: Query, index: LicenseIndex, matches: RawMatch[]): RawMatch[] {
  const good = matches.filter((m) => !isWeakMatch(m));
  const covered = coveredPositions(q, good);
  const out: RawMatch[] = [];
  let start = -1;
  for (let i = 0; i <= q.ids.length; i++) {
    if (i < q.ids.length && !covered[i]) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    const found = matchStretch(q, index, start, i - 1);
    if (found && !good.some((g) => g.qstart <= found.qstart && found.qend <= g.qend)) out.push(found);
    start = -1;
  }
  return out;
}

/**
 * The refined matches with the unknown ones added, in text order: a weak match whose words all
 * lie among an unknown match's words is part of that text and goes (as ScanCode's final
 * refinement drops a match contained in another).
 */
export function withUnknownMatches(matches: RawMatch[], unknown: RawMatch[]): RawMatch[] {
  if (!unknown.length) return matches;
  const inUnknown = (m: RawMatch): boolean => unknown.some((u) => u.qstart <= m.qstart && m.qend <= u.qend && coveredBy(m, u));
  const kept = matches.filter((m) => !(isWeakMatch(m) && inUnknown(m)));
  return [...kept, ...unknown].sort((a, b) => a.qstart - b.qstart || a.qend - b.qend);
}

/** Whether every word match `m` covers is one that `u` covers. */
function coveredBy(m: RawMatch, u: RawMatch): boolean {
  const mask = u.queryMask;
  for (let i = m.qstart; i <= m.qend; i++) {
    const inM = !m.queryMask || m.queryMask[i - m.qstart] === 1;
    if (inM && !(mask ? mask[i - u.qstart] === 1 : true)) return false;
  }
  return true;
}

/** The unknown match of query positions start..end, or null. Words no rule has take no part (ScanCode's query drops them). */
function matchStretch(q: Query, index: LicenseIndex, start: number, end: number): RawMatch | null {
  const positions: number[] = [];
  for (let p = start; p <= end; p++) if (q.ids[p] >= 0) positions.push(p);
  if (positions.length < MIN_MATCHED) return null;
  const ids = Int32Array.from(positions, (p) => q.ids[p]);
  const hit = new Uint8Array(ids.length);
  for (let j = 0; j + UNKNOWN_NGRAM_LENGTH <= ids.length; j++) {
    if (hasNgramKey(index.unknownNgrams, ngramKey(ids, j))) hit.fill(1, j, j + UNKNOWN_NGRAM_LENGTH);
  }
  let matched = 0;
  let legalese = 0;
  for (let j = 0; j < ids.length; j++) {
    if (!hit[j]) continue;
    matched++;
    legalese += index.legalese[ids[j]];
  }
  if (matched < MIN_MATCHED || legalese < MIN_LEGALESE) return null;
  const first = hit.indexOf(1);
  const last = hit.lastIndexOf(1);
  if (matched / (last - first + 1) < MIN_DENSITY) return null;
  const qstart = positions[first];
  const qend = positions[last];
  const queryMask = new Uint8Array(qend - qstart + 1);
  for (let j = first; j <= last; j++) if (hit[j]) queryMask[positions[j] - qstart] = 1;
  const rule = unknownRule(onlyMatchedText(q, { qstart, qend, queryMask }), ids.filter((_, j) => hit[j] === 1));
  return { rule, matcher: '6-unknown', qstart, qend, matchedLength: matched, coverage: 1, queryMask };
}

/** The rule ScanCode makes for an unknown match: named from its text, the matched words its tokens. */
function unknownRule(text: string, tokens: Int32Array): Rule {
  const identifier = syntheticRuleIdentifier('license-detection-unknown', null, text);
  return {
    identifier,
    licenseExpression: 'unknown',
    kind: 'notice',
    relevance: UNKNOWN_RULE_RELEVANCE,
    minimumCoverage: 0,
    tokens,
    url: ruleUrl(identifier),
    referencedFilenames: [],
    text,
  };
}
