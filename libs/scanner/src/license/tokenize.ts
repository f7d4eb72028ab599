/**
 * Word tokens as ScanCode's query tokenizer sees them: runs of letters and digits, lowercased,
 * with a trailing "+" kept (so "GPL-2.0+" keeps its "or later" meaning in "0+").
 */
export const WORD = /[\p{L}\p{N}]+\+?[\p{L}\p{N}]*/gu;
export const NON_ASCII = /[^\x00-\x7f]/;

/**
 * Markup and comment noise that carries no license meaning, dropped on both the rule and the
 * query side (as ScanCode's tokenizer drops its markup stopwords): HTML and DocBook tags, XML
 * and HTML character entities, comment markers of batch files (`rem`) and m4 (`dnl`), Perl POD
 * headings. English words are kept: they count in matched lengths as ScanCode counts them.
 * Not `s`: newer toolkits drop it too (Debian's `<s>` tags), but the toolkit of ScanCode.io's
 * goldens counts it ("name(s)" is two words in the Debian image and d2d goldens' matched lengths).
 */
export const STOPWORDS = new Set([
  // character entities (&quot; &amp; &nbsp; &mdash; ...)
  'quot', 'apos', 'lt', 'gt', 'amp', 'nbsp', 'ge', 'le', 'mdash', 'ndash', 'emdash', 'ldquo', 'rdquo', 'lsquo', 'rsquo',
  'bdquo', 'sbquo', 'laquo', 'raquo', 'lsaquo', 'rsaquo', 'ldquor', 'rdquor', 'lsquor', 'rsquor', 'lpar', 'rpar',
  'comma', 'period', 'colon', 'semi', 'tilde', 'emsp', 'ensp', 'numsp', 'puncsp', 'thinsp', 'hairsp', 'bull', 'bullet',
  'x3c', 'x3e',
  // HTML and DocBook tags and attributes
  'a', 'href', 'p', 'br', 'div', 'em', 'span', 'class', 'pre', 'ul', 'ol', 'li', 'hr', 'tr', 'td', 'th', 'img', 'alt',
  'src', 'h1', 'h2', 'h3', 'h4', 'h5', 'blockquote', 'body', 'script', 'rel', 'ulink', 'para',
  // comment markers, POD headings, CSS seen around notices
  'rem', 'dnl', 'f', 'head1', 'head2', 'head3', 'lists', 'side', 'nav', 'height', 'auto', 'border', 'padding', 'width',
]);

/** ASCII letters and digits, lowercase (the scanner works on lowercased text). */
export function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
}

/**
 * Calls `emit` with each non-stopword token of a line, in order. ASCII lines (nearly all) are
 * scanned by hand, with the same result as the WORD regex; other lines use the regex.
 */
function scanLine(text: string, emit: (word: string) => void): void {
  const t = text.toLowerCase();
  if (NON_ASCII.test(t)) {
    for (const m of t.matchAll(WORD)) if (!STOPWORDS.has(m[0])) emit(m[0]);
    return;
  }
  for (let start = nextWordStart(t, 0); start < t.length; ) {
    const end = wordEnd(t, start);
    const w = t.slice(start, end);
    if (!STOPWORDS.has(w)) emit(w);
    start = nextWordStart(t, end);
  }
}

/** Index of the next word character at or after `i` (the string's length when none). */
function nextWordStart(t: string, i: number): number {
  while (i < t.length && !isWordChar(t.charCodeAt(i))) i++;
  return i;
}

/** End of the word starting at `start`; a `+` joins what follows ("gpl-2.0+", "c++"), as the WORD regex does. */
function wordEnd(t: string, start: number): number {
  let i = start + 1;
  while (i < t.length && isWordChar(t.charCodeAt(i))) i++;
  if (i < t.length && t.charCodeAt(i) === 43) {
    i++;
    while (i < t.length && isWordChar(t.charCodeAt(i))) i++;
  }
  return i;
}

/** Every word of a text, stopwords and all, lowercased: the words ScanCode's detection identifiers count. */
export function allWords(text: string): string[] {
  return [...text.toLowerCase().matchAll(WORD)].map((m) => m[0]);
}

export function wordTokens(text: string): string[] {
  const out: string[] = [];
  scanLine(text, (w) => out.push(w));
  return out;
}
