import { isJunkDomain } from './find-emails';
import { JUNK_URL_PREFIXES, JUNK_URL_SUFFIXES } from './junk-lists';

/**
 * The chain of URL clean-ups and filters of ScanCode's finder: trailing punctuation and
 * unbalanced brackets, a scheme for `www.` urls, no credentials, a canonical form, and no
 * private, placeholder or namespace urls.
 */

/** Punctuation and markup that end a sentence or wrap the url rather than belong to it. */
export function cleanUrlEnd(url: string): string {
  let out = url;
  let previous: string;
  do {
    previous = out;
    out = out.replace(/(?:&quot;|&gt;|&lt;|&#39;|&apos;|\\[nrt])+$/i, '').replace(/[.,;:!?'"*>\\`]+$/, '');
    for (const [open, close] of [['(', ')'], ['[', ']'], ['{', '}']]) {
      if (out.endsWith(close) && count(out, open) < count(out, close)) out = out.slice(0, -1);
    }
  } while (out !== previous);
  return out;
}

function count(text: string, ch: string): number {
  let n = 0;
  for (const c of text) if (c === ch) n++;
  return n;
}

/** Loopback, private, link-local and unspecified IPv4 and IPv6 hosts. */
export function isPrivateHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1' || h === '::' || /^f[cd][0-9a-f]{2}:/.test(h) || /^fe80:/.test(h)) return true;
  const m = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(h);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;

/** A host worth reporting: a public IP, or a dotted name with a letter TLD. */
function isUsefulHost(host: string): boolean {
  if (host === '' || isPrivateHost(host)) return false;
  if (IPV4.test(host) || host.startsWith('[')) return true;
  if (!/^[a-z0-9.-]+$/.test(host) || !host.includes('.')) return false;
  const tld = host.slice(host.lastIndexOf('.') + 1);
  return /^(?:[a-z]{2,}|xn--[a-z0-9-]+)$/.test(tld) && !isJunkDomain(host);
}

function isJunkUrl(href: string): boolean {
  const bare = href.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').toLowerCase();
  if (JUNK_URL_PREFIXES.some((p) => bare.startsWith(p))) return true;
  const path = bare.replace(/[?#].*$/, '');
  return JUNK_URL_SUFFIXES.some((s) => path.endsWith(s));
}

/**
 * The reported form of a raw match, or null when it is junk. Scheme-less `www.`/`ftp.`
 * urls get `http://`, as ScanCode's fake scheme; git-style `git@host:path` urls are kept
 * as written since they carry no credentials.
 */
export function canonicalUrl(raw: string): string | null {
  const cleaned = cleanUrlEnd(raw);
  const git = /^git@([\w.-]+):(.+)$/.exec(cleaned);
  if (git) return isUsefulHost(git[1].toLowerCase()) ? cleaned : null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(cleaned) ? cleaned : `http://${cleaned}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (!isUsefulHost(url.hostname)) return null;
  url.username = '';
  url.password = '';
  const href = url.href;
  return isJunkUrl(href) ? null : href;
}
