import type { NumberedLine } from '../text';
import { limitOf, type FinderOptions } from './find-emails';
import { canonicalUrl } from './url-filters';

export interface UrlMatch {
  url: string;
  start_line: number;
  end_line: number;
}

// Scheme urls, scheme-less www./ftp. hosts and git-style remotes. The character class
// stops at whitespace, quotes, angle brackets and the like; trailing punctuation is
// trimmed afterwards because it is legal inside urls but usually ends a sentence.
const URL_RE =
  /(?:\b(?:https?|ftps?|sftp|git|svn|ssh|rsync):\/\/[^\s<>"'`{}|\\^]+|(?<![\w./@-])(?:www|ftp)\d{0,3}\.[a-z0-9-]+\.[^\s<>"'`{}|\\^]+|\bgit@[\w.-]+:[\w./~-]+)/gi;

/** URLs of one file's lines, cleaned, canonical and filtered (ScanCode's `--url`). */
export function findUrls(lines: NumberedLine[], opts?: FinderOptions): UrlMatch[] {
  const limit = limitOf(opts);
  const seen = new Set<string>();
  const found: UrlMatch[] = [];
  for (const { line, text } of lines) {
    if (!/:\/\/|www|ftp|git@/i.test(text)) continue;
    for (const m of text.matchAll(URL_RE)) {
      const url = canonicalUrl(m[0]);
      if (url === null || seen.has(url)) continue;
      seen.add(url);
      found.push({ url, start_line: line, end_line: line });
      if (found.length >= limit) return found;
    }
  }
  return found;
}
