import type { NumberedLine } from '../text';
import { candidateRegions, type Token } from './lexer';
import { copyrightText, isRealAuthor, isRealCopyright, nameText } from './refine';
import { parseAuthor, parseCopyright, type ParsedStatement } from './statement-parser';

export interface CopyrightScan {
  copyrights: { copyright: string; start_line: number; end_line: number }[];
  holders: { holder: string; start_line: number; end_line: number }[];
  authors: { author: string; start_line: number; end_line: number }[];
}

export interface CopyrightOptions {
  /**
   * Keep "All rights reserved." at the end of copyright strings. Off by default, like
   * ScanCode's default `--copyright` scan (its `allrights` output is a separate plugin).
   */
  allRights?: boolean;
}

function span(tokens: Token[]): { start_line: number; end_line: number } {
  return { start_line: tokens[0].line, end_line: tokens[tokens.length - 1].line };
}

function emit(s: ParsedStatement, opts: CopyrightOptions, out: CopyrightScan): void {
  if (s.kind === 'author') {
    if (!isRealAuthor(s)) return;
    const author = nameText(s, true);
    if (author) out.authors.push({ author, ...span(s.names) });
    return;
  }
  if (!isRealCopyright(s)) return;
  const all = [...s.prefix, ...s.names, ...(opts.allRights ? s.allRights : [])];
  const copyright = copyrightText(s, opts.allRights === true);
  if (!/\s/.test(copyright)) return; // a lone "Copyright" or "(c)"
  out.copyrights.push({ copyright, ...span(all) });
  const holderTokens = s.names.filter((t) => t.tag !== 'YEAR');
  const holder = nameText(s, false);
  if (holder && holderTokens.length > 0) out.holders.push({ holder, ...span(holderTokens) });
}

/** Copyright statements, holders and authors of one file's lines (ScanCode's `--copyright`). */
export function detectCopyrights(lines: NumberedLine[], opts: CopyrightOptions = {}): CopyrightScan {
  const out: CopyrightScan = { copyrights: [], holders: [], authors: [] };
  for (const tokens of candidateRegions(lines)) {
    let i = 0;
    while (i < tokens.length) {
      const tag = tokens[i].tag;
      const parsed =
        tag === 'COPY' || tag === 'C' ? parseCopyright(tokens, i) : tag === 'AUTH' || tag === 'AUTH_VERB' ? parseAuthor(tokens, i) : null;
      if (!parsed) {
        i++;
        continue;
      }
      emit(parsed.statement, opts, out);
      i = parsed.end;
    }
  }
  return out;
}
