/**
 * Text preparation for copyright detection, one raw line in and one normalized ASCII line out,
 * the way ScanCode prepares candidate lines: comment markers and decorations go, every
 * spelling of the copyright sign becomes "(c)", entities are decoded, quotes become single
 * quotes, known HTML tags are dropped and the result is transliterated to ASCII.
 */
import { toAscii } from './ascii';
import { stripChars } from './strip';

/**
 * Respellings applied to each line, in one pass where the longest spelling wins at each place.
 * A few entries spell out the result of two successive steps of ScanCode's sequence (an entity
 * decoded to a double quote that then becomes a single quote).
 */
const RESPELLINGS: Record<string, string> = {
  '|copy|': ' (c) ',
  '|': ' ',
  '"Copyright': "' Copyright",
  '( C)': ' (c) ',
  '(C)': ' (c) ',
  '(c)': ' (c) ',
  '( © )': ' (c) ',
  '(©)': ' (c) ',
  '(© )': ' (c) ',
  '( ©)': ' (c) ',
  '©': ' (c) ',
  '&copy;': ' (c) ',
  '&copy': ' (c) ',
  '&#169;': ' (c) ',
  '&#xa9;': ' (c) ',
  '&#xA9;': ' (c) ',
  '&#Xa9;': ' (c) ',
  '&#XA9;': ' (c) ',
  u00A9: ' (c) ',
  u00a9: ' (c) ',
  '\\XA9': ' (c) ',
  '\\A9': ' (c) ',
  '\\a9': ' (c) ',
  '<A9>': ' (c) ',
  'XA9;': ' (c) ',
  'Xa9;': ' (c) ',
  'xA9;': ' (c) ',
  'xa9;': ' (c) ',
  '\u00c2': '',
  '\\xc2': '',
  '–': '-',
  '&#13;&#10;': ' ',
  '&#13;': ' ',
  '&#10;': ' ',
  '&ensp;': ' ',
  '&emsp;': ' ',
  '&thinsp;': ' ',
  '&quot;': "'",
  '&#34;': "'",
  '&amp;': '&',
  '&#38;': '&',
  '&amp;gt;': '>',
  '&amp;lt;': '<',
  '&gt;': '>',
  '&gt': '>',
  '&#62;': '>',
  '&lt;': '<',
  '&lt': '<',
  '&#60;': '<',
  '&lt;http': ' http',
  '`': "'",
  '"': "'",
  " u'": " '",
  ' u"': " '",
  ' u`': " '",
  '§': ' ',
  '<http': ' http',
  '<insert ': ' ',
  'year>': ' ',
  '<year>': '< ',
  '<name>': ' ',
};
const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const RESPELL_RE = new RegExp(
  Object.keys(RESPELLINGS)
    .sort((a, b) => b.length - a.length)
    .map(escapeRe)
    .join('|'),
  'g',
);

const ESCAPES_RE = /\\[tnr0]|\\|\("|'\)|\],/g;

// Tags of HTML (and the odd legacy element) that carry no statement text. An angle-bracketed
// word that is not one of these (<jane@example.com>, <Jane Doe>, <2010>) is kept.
const HTML_TAGS = new Set(
  `a abbr acronym address area article aside audio b base bdi bdo big blockquote body br button canvas caption center
  cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed fieldset figcaption figure font
  footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins kbd label legend li link main map mark
  menu meta meter nav noscript object ol optgroup option output p param picture pre progress q rp rt ruby s samp script
  section select small source span strike strong style sub summary sup table tbody td template textarea tfoot th thead
  time title tr track tt u ul var video wbr`.split(/\s+/),
);
const TAG_RE = /<\s*\/?\s*([a-z][a-z0-9@\-._+]*)\s*\/?\s*>?/gi;
// Attributes left over once a tag's name is gone.
const ATTRIBUTE_RE = /(?:^|\s)(?:href|class|width|height|style|xmlns|lang|type|rel|src|alt|id|name|target|border|align|valign|bgcolor|color|face|size|colspan|rowspan|cellpadding|cellspacing)=\S*/gi;

/** Removes known HTML tags and their leftover attributes from a line. */
export function stripKnownMarkup(line: string): string {
  if (!line.includes('<') && !line.includes('=') && !line.includes('/>')) return line;
  // A markdown link in angle brackets, <[text](url)>, reads "text (url)"; the end of a
  // self-closing tag goes.
  let out = line.replace(/<\[([^\]]+)\]\(([^)]+)\)>/g, '$1 ($2)').replaceAll('/>', ' ');
  out = out.replace(TAG_RE, (whole, name: string) => (HTML_TAGS.has(name.toLowerCase()) ? ' ' : whole));
  if (out.includes('=')) out = out.replace(ATTRIBUTE_RE, ' ');
  return out;
}

const COMMENT_MARKERS = /\/\*|\*\/|[*#%]/g;
const PRINTF_CODES = / [#%][a-zA-Z] /g;
const ODD_COMMENT_MARKERS = /^(rem|@rem|dnl)\s+/;
const MAN_COMMENT = /\.\"/g;
const PUNCTUATION = /[*#"%[\]{}`]+/g;
const REPEATED_QUOTES = /'"{2,}/g;


/** The normalized text of one line, ready for tokenizing. */
export function prepareTextLine(raw: string): string {
  let line = raw;
  if (line.includes(' co') || line.includes('(co ')) line = line.split('\\\\ co').join(' ').split('\\ co').join(' ').split('(co ').join(' ');
  line = line.replace(PRINTF_CODES, ' ').replace(ODD_COMMENT_MARKERS, ' ').replace(MAN_COMMENT, ' ');
  // Comment markers of the usual languages.
  line = stripChars(line.replace(COMMENT_MARKERS, ' '), ' \\/*#%;');
  line = line.replace(RESPELL_RE, (m) => RESPELLINGS[m]);
  line = line.replace(REPEATED_QUOTES, "'");
  // Escaped line ends, tabs and backslashes of code literals, and some quoting leftovers.
  line = line.replace(ESCAPES_RE, ' ');
  // Legacy Debian copyright files wrap names in <s></s>: removed, not replaced by a space.
  if (line.includes('<s')) line = line.split('</s>').join('').split('<s>').join('').split('<s/>').join('');
  line = stripKnownMarkup(line);
  line = line.replace(PUNCTUATION, ' ');
  line = line.replaceAll(' , ', ', ').replaceAll('>', '> ').replaceAll('<', ' <');
  line = stripChars(toAscii(line), ' *');
  return line.replace(/\s+/g, ' ').trim();
}
