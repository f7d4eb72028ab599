import type { NumberedLine } from '../text';

/**
 * Light markup stripping of HTML, XML and similar files before copyright detection, as ScanCode
 * does: tags and entities become spaces, except those that may carry a statement (their text
 * mentions a license, copyright, author, a url or an email).
 */
const MARKUP_EXTENSIONS = ['.html', '.htm', '.php', '.phps', '.jsp', '.jspx', '.xml', '.pom'];
const KEPT = ['lic', 'copy', 'www', 'http', 'auth', 'contr', 'leg', 'inc', '@', '<s>', '</s>', '169', 'a9'];
const TAGS_AND_ENTITIES = /(<\/?[^\s></]+(?:>|\s)?|&[^\s&]+;|href|['"]?\/>|\/>)/i;
const DROPPED_STARTS = ['<', '/>', '"/>', "'/>", '&', 'href'];

function isMarkupText(head: string): boolean {
  if (head.startsWith('<')) return true;
  const noSpaces = head.replace(/\s+/g, '');
  let open = 0;
  let close = 0;
  for (const c of noSpaces) {
    if (c === '<') open++;
    else if (c === '>') close++;
  }
  if (open === 0 || close === 0) return false;
  return (open + close) / noSpaces.length > 0.05 && Math.abs(1 - close / open) < 0.2;
}

/** Whether lines are markup: by extension, or by a start that is mostly tags. */
export function isMarkup(lines: NumberedLine[], path?: string): boolean {
  let head = '';
  let size = 0;
  for (const l of lines) {
    size += l.text.length + 1;
    if (head.length < 1024) head += `${l.text}\n`;
    if (size >= 64 && head.length >= 1024) break;
  }
  if (size < 64) return false;
  if (path && MARKUP_EXTENSIONS.some((e) => path.toLowerCase().endsWith(e))) return true;
  return isMarkupText(head.slice(0, 1024));
}

export function demarkupText(text: string): string {
  if (!text.includes('<') && !text.includes('&') && !text.toLowerCase().includes('href') && !text.includes('/>')) return text;
  return text
    .split(TAGS_AND_ENTITIES)
    .map((token) => {
      const low = (token ?? '').toLowerCase();
      return DROPPED_STARTS.some((s) => low.startsWith(s)) && !KEPT.some((k) => low.includes(k)) ? ' ' : (token ?? '');
    })
    .join('');
}

export function demarkupLines(lines: NumberedLine[], path?: string): NumberedLine[] {
  if (!isMarkup(lines, path)) return lines;
  return lines.map((l) => ({ line: l.line, text: demarkupText(l.text) }));
}

