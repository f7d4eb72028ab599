/**
 * ASCII transliteration of the text of a statement, as ScanCode reports statements: accents
 * are dropped (Ł → L, é → e), the few Latin letters that do not decompose are spelled out, and
 * anything else that is not ASCII is removed. Hand-written because only Latin scripts matter
 * here and a full transliteration table would be loaded for every scanned file.
 */
const SPECIAL: Record<string, string> = {
  Ł: 'L', ł: 'l', Ø: 'O', ø: 'o', Đ: 'D', đ: 'd', Ð: 'D', ð: 'd', Þ: 'Th', þ: 'th', ß: 'ss', Æ: 'AE', æ: 'ae',
  Œ: 'OE', œ: 'oe', ı: 'i', Ħ: 'H', ħ: 'h', Ŀ: 'L', ŀ: 'l', Ŧ: 'T', ŧ: 't', '\u2018': "'", '\u2019': "'", '\u201a': "'",
  '\u201c': '"', '\u201d': '"', '\u201e': '"', '\u2013': '-', '\u2014': '-', '\u2010': '-', '\u2011': '-', '\u2026': '...',
  '\u00a0': ' ', '\u00ab': '<<', '\u00bb': '>>', '\u00ae': '(r)', '\u2122': 'tm', '\u00b7': '.',
};

const NON_ASCII = /[^\x00-\x7f]/;

export function toAscii(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  let out = '';
  for (const ch of text.normalize('NFKD')) {
    const code = ch.charCodeAt(0);
    if (code < 0x80) out += ch;
    else if (SPECIAL[ch] !== undefined) out += SPECIAL[ch];
    else if (/\p{White_Space}/u.test(ch)) out += ' ';
  }
  return out;
}
