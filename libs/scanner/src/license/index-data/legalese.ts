/**
 * "Legalese": the words that make text read like a license (warranty, liable, redistribution,
 * merchantability...). ScanCode keeps a curated list of them that is not part of the LicenseDB;
 * this index derives its own from the LicenseDB's license texts instead: a word is legalese when
 * at least LEGALESE_MIN_SHARE of the license texts use it, unless it is a number, a single
 * character or an English function word (which every text uses and no license owns).
 * Unknown-license detection needs them (match-unknown.ts): an n-gram of rule text counts only
 * when it holds one, and a match only when it holds several.
 */
export const LEGALESE_MIN_SHARE = 0.05;

/** English function words: common to every text, so never license-specific. Written here. */
const FUNCTION_WORDS = new Set([
  'a', 'about', 'after', 'all', 'also', 'am', 'an', 'and', 'any', 'are', 'as', 'at', 'be', 'been', 'being', 'both',
  'but', 'by', 'can', 'could', 'did', 'do', 'does', 'each', 'either', 'for', 'from', 'had', 'has', 'have', 'he', 'her',
  'him', 'his', 'how', 'i', 'if', 'in', 'into', 'is', 'it', 'its', 'itself', 'me', 'more', 'most', 'my', 'neither', 'no',
  'nor', 'not', 'of', 'off', 'on', 'once', 'one', 'only', 'or', 'our', 'out', 'over', 'own', 'same', 'she', 'should',
  'so', 'some', 'such', 'than', 'that', 'the', 'their', 'them', 'then', 'there', 'these', 'they', 'this', 'those',
  'through', 'to', 'too', 'two', 'under', 'up', 'upon', 'us', 'very', 'was', 'we', 'were', 'what', 'when', 'where',
  'which', 'while', 'who', 'whom', 'why', 'will', 'with', 'would', 'you', 'your', 'yours',
]);

/**
 * Per token id, 1 for a legalese word. `words` is the dictionary (by id), `licenseTexts` the
 * token ids of each license text rule.
 */
export function legaleseTokens(words: string[], licenseTexts: ArrayLike<number>[]): Uint8Array {
  const documentFrequency = new Int32Array(words.length);
  const seen = new Int32Array(words.length).fill(-1);
  licenseTexts.forEach((tokens, t) => {
    for (let i = 0; i < tokens.length; i++) {
      const id = tokens[i];
      if (seen[id] === t) continue;
      seen[id] = t;
      documentFrequency[id]++;
    }
  });
  const threshold = Math.max(1, LEGALESE_MIN_SHARE * licenseTexts.length);
  const out = new Uint8Array(words.length);
  words.forEach((w, id) => {
    if (documentFrequency[id] >= threshold && w.length > 1 && !/^\d+$/.test(w) && !FUNCTION_WORDS.has(w)) out[id] = 1;
  });
  return out;
}
