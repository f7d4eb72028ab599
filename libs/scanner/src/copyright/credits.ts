import type { NumberedLine } from '../text';

/**
 * Linux-style CREDITS files ("N: name", "E: email", "W: web" entries, also used by LLVM, Raku,
 * u-boot...): each entry is one author. When such a file has entries, ScanCode reports them
 * and nothing else.
 */
const CREDITS_NAMES = new Set(['credit', 'credits', 'credits.rst', 'credits.txt', 'credits.md', 'author', 'authors', 'authors.rst', 'authors.txt', 'authors.md']);

export function isCreditsFile(path: string): boolean {
  const name = path.split('/').pop() ?? '';
  return CREDITS_NAMES.has(name.toLowerCase());
}

export interface CreditAuthor {
  author: string;
  start_line: number;
  end_line: number;
}

export function creditsAuthors(lines: NumberedLine[]): CreditAuthor[] {
  const out: CreditAuthor[] = [];
  let group: { line: number; text: string }[] = [];
  let seen = false;
  const flush = () => {
    if (group.length === 0) return;
    const fields: Record<string, string[]> = { N: [], E: [], W: [] };
    for (const { text } of group) {
      const colon = text.indexOf(':');
      fields[text.slice(0, colon)]?.push(text.slice(colon + 1).trim());
    }
    const author = [fields.N, fields.E, fields.W].filter((f) => f.length > 0).map((f) => f.join(' ')).join(' ');
    if (author) out.push({ author, start_line: group[0].line, end_line: group[group.length - 1].line });
    group = [];
  };
  for (const { line, text } of lines) {
    const t = text.trim();
    if (!t) flush();
    if (t.startsWith('N:') || t.startsWith('E:') || t.startsWith('W:')) {
      seen = true;
      group.push({ line, text: t });
    }
    if (line > 50 && !seen) return out;
  }
  flush();
  return out;
}
