import type { NumberedLine } from '../text';
import { JUNK_DOMAINS, JUNK_EMAIL_USERS, JUNK_TLDS } from './junk-lists';

export interface FinderOptions {
  /** Stop after this many results (ScanCode's default is 50); 0 or less means no limit. */
  threshold?: number;
}

export interface EmailMatch {
  email: string;
  start_line: number;
  end_line: number;
}

export const DEFAULT_THRESHOLD = 50;

// local@domain.tld with a 2-4 letter TLD, as ScanCode's finder; the look-behinds keep
// "user:pass@host" and "/path@x" fragments of URLs from yielding half an address while
// still accepting "mailto:"; `git@host:path` remotes are urls, not addresses.
const EMAIL_RE = /(?<![\w.%+\-/])(?<!(?<!mailto):)[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,4}\b(?!:[\w/~])/gi;

/** The domain is a placeholder or a reserved name, so the address says nothing. */
export function isJunkDomain(domain: string): boolean {
  const d = domain.toLowerCase();
  const labels = d.split('.');
  if (JUNK_TLDS.has(labels[labels.length - 1])) return true;
  for (let i = 0; i < labels.length - 1; i++) if (JUNK_DOMAINS.has(labels.slice(i).join('.'))) return true;
  return false;
}

function isJunkEmail(email: string): boolean {
  const at = email.lastIndexOf('@');
  const user = email.slice(0, at).toLowerCase();
  const domain = email.slice(at + 1);
  if (/^[.-]|\.\.|[.-]$/.test(user) || /^[.-]|\.\.|-\./.test(domain)) return true;
  return isJunkDomain(domain) || (JUNK_EMAIL_USERS.has(user) && /^(?:host|domain|mail|server)\./i.test(domain));
}

export function limitOf(opts?: FinderOptions): number {
  const t = opts?.threshold ?? DEFAULT_THRESHOLD;
  return t > 0 ? t : Number.POSITIVE_INFINITY;
}

/** Email addresses of one file's lines, junk and duplicates removed (ScanCode's `--email`). */
export function findEmails(lines: NumberedLine[], opts?: FinderOptions): EmailMatch[] {
  const limit = limitOf(opts);
  const seen = new Set<string>();
  const found: EmailMatch[] = [];
  for (const { line, text } of lines) {
    if (!text.includes('@')) continue;
    for (const m of text.matchAll(EMAIL_RE)) {
      const email = m[0].replace(/\.+$/, '');
      if (seen.has(email) || isJunkEmail(email)) continue;
      seen.add(email);
      found.push({ email, start_line: line, end_line: line });
      if (found.length >= limit) return found;
    }
  }
  return found;
}
