/**
 * Clean-up of the strings built from parse-tree nodes, with ScanCode's word lists
 * (cluecode/copyrights.py): leading and trailing words that are never part of a statement,
 * unbalanced brackets, edge punctuation, repeated "Copyright" words, and the final junk lists.
 */
import { stripChars } from './strip';

const words = (list: string): Set<string> => new Set(list.split(/\s+/).filter(Boolean));

const PREFIXES = words(`? ?? ???? (insert then current year) maintained by developed created written recoded coded
  modified maintainedcreated $year year uref owner from and of to for or <p>`);

const COPYRIGHT_SUFFIXES = words(`copyright . , year parts any 0 1 author all some and </p>`);

const AUTHOR_PREFIXES = new Set([
  ...PREFIXES,
  ...words(`contributor contributors contributor(s) authors author authors' author: author(s) authored created author.
  author' authors, authorship maintainer co-maintainer or spdx-filecontributor </b> mailto: name' a moduleauthor ©`),
]);

const AUTHORS_JUNK = new Set([
  'james hacker.', 'james random hacker.', 'contributor. c. a', 'grant the u.s. government and others', 'james random hacker',
  'james hacker', 'company', 'contributing project', 'its author', 'gnomovision', 'would', 'may', 'attributions', 'the',
  'app id', 'project', 'previous lucene', 'group', 'the coordinator', 'the owner', 'a group', 'sonatype nexus',
  'apache tomcat', 'visual studio', 'apache maven', 'visual studio and visual studio',
]);

const HOLDER_PREFIXES = new Set([
  ...PREFIXES,
  ...words(`- a <a href ou portions portion notice holders holder property parts part at cppyright assemblycopyright c works
  present right rights reserved held by is (x) and later $ current.year © author authors`),
]);
const HOLDER_PREFIXES_WITH_ALL = new Set([...HOLDER_PREFIXES, 'all']);

const HOLDER_SUFFIXES = words(`http and email licensing@ (minizip) website (c) <http /> . , year some all right rights reserved
  reserved. href c a </p> or taken from`);

const HOLDERS_JUNK = new Set(['a href', ...words(`property licensing@ c works http the are ? cppyright parts disclaimed or <holders> author`)]);

/** Lowercased patterns (matched at the start, ignoring case) of strings that are never statements. */
const COPYRIGHTS_JUNK = [
  '^copyright \\(c\\)$', '^\\(c\\) by$', '\\(c\\) [a-zA-Z][a-z] \\(c\\)', '^copyright holder or simply', '^copyright notice\\.',
  "^copyright of uc berkeley's berkeley software distribution", '^and/or the universal copyright convention', '^attn copyright',
  '^\\(c\\)$', '^c$', '^\\(c\\) any recipient$', '^\\(c\\) as$', '^\\(c\\),? \\(c\\)$', '^\\(c\\) cockroach enterprise',
  '^\\(c\\) each recipient$', '^\\(c\\) forums$', '^\\(c\\) if you', '^\\(c\\) individual use', '^code copyright grant',
  '^copyright and license, contributing', '^copyright as is group', '^copyright \\(c\\) , and others',
  '^copyright-check writable-files m4-check author_mark_check', '^copyright \\(c\\) <holders>', '^copyright copyright and',
  '^copyright \\(c\\) year$', '^copyright \\(c\\) year your', '^copyright, designs and patents', 'copyright \\d+ m\\. y\\.(?: name)?',
  '^copyrighte?d? (?:by)?$', '^copyrighted by its$', '^copyrighted by their authors', '^copyrighted material, only this license',
  '^copyright for a new language', '^copyright from license', '^copyright help center', '^copyright holder and contributors?\\.?$',
  '^copyright-holder and its contributors$', '^copyright holder has', '^copyright holder means', '^copyright holder who',
  '^copyright holder nor', '^copyright holder,? or', '^copyright holders and contribut', "^copyright holder's",
  '^copyright holder\\(s\\) or the author\\(s\\)', '^copyright including', '^copyright in section',
  '^copyright john wiley & sons, inc\\. year', '^copyright l?gpl group', '^copyright, license, and', '^copyright merged arm',
  '^copyright neither', '^copyright notices, authorship', '^copyright not limited', '^copyright owner or',
  '^copyright redistributions', '^copyright the project$', '^copyright\\.? united states$', '^\\(c\\) software activation',
  '^\\(c\\) source code', '^full copyright statement', '^universal copyright convention', '^u\\.s\\. copyright act',
  '^\\(c\\) Object c$', '^copyright headers?', 'Copyright \\(c\\) 2021 Dot', '^\\(c\\) \\(c\\) B$', '^\\(c\\) group$',
  '^\\(c\\) \\(c\\) A$',
].map((p) => new RegExp(`^(?:${p})`, 'i'));

export function isJunkCopyright(s: string): boolean {
  return COPYRIGHTS_JUNK.some((re) => re.test(s));
}

const collapse = (s: string): string => s.split(/\s+/).filter(Boolean).join(' ');


const replaceEach = (s: string, pairs: [string, string][]): string => {
  let out = s;
  for (const [from, to] of pairs) if (out.includes(from)) out = out.split(from).join(to);
  return out;
};

function stripSomePunct(s: string): string {
  if (!s) return s;
  let out = stripChars(s, `,'"}{-_:;&@!`);
  out = stripChars(out, '.>)]\\/', true, false);
  return stripChars(out, '<([\\/', false, true);
}

function stripPrefixes(s: string, prefixes: Set<string>): string {
  const parts = s.split(/\s+/).filter(Boolean);
  let i = 0;
  while (i < parts.length && prefixes.has(parts[i].toLowerCase())) i++;
  return parts.slice(i).join(' ');
}

function stripSuffixes(s: string, suffixes: Set<string>): string {
  const parts = s.split(/\s+/).filter(Boolean);
  let end = parts.length;
  while (end > 0 && suffixes.has(parts[end - 1].toLowerCase())) end--;
  return parts.slice(0, end).join(' ');
}

/** Drops a final period unless it ends an abbreviation (Inc., U.S.A., S.A.) or a short word. */
export function stripTrailingPeriod(input: string): string {
  const s = input.trim();
  if (!s.endsWith('.') || s.length < 3) return s;
  const singleWord = s.split(/\s+/).length === 1;
  const beforeLast = s[s.length - 2];
  if (beforeLast !== beforeLast.toLowerCase() && beforeLast === beforeLast.toUpperCase() && !singleWord) return s;
  if (s[s.length - 3] === '.') return s;
  const lower = s.toLowerCase();
  if (['inc.', 'corp.', 'ltd.', 'llc.', 'co.', 'llp.'].some((e) => lower.endsWith(e))) return s;
  return s.replace(/\.+$/, '');
}

function stripLeadingNumbers(s: string): string {
  const parts = s.split(/\s+/).filter(Boolean);
  let i = 0;
  while (i < parts.length && /^\d+$/.test(parts[i])) i++;
  return parts.slice(i).join(' ');
}

/** Replaces brackets without a partner by spaces, for (), <>, [] and {}. */
export function stripUnbalancedBrackets(s: string): string {
  let out = s;
  for (const [open, close] of ['()', '<>', '[]', '{}']) {
    if (!out.includes(open) && !out.includes(close)) continue;
    const chars = [...out];
    const stack: number[] = [];
    const drop: number[] = [];
    chars.forEach((c, i) => {
      if (c === open) stack.push(i);
      else if (c === close) {
        if (stack.length) stack.pop();
        else drop.push(i);
      }
    });
    for (const i of [...drop, ...stack]) chars[i] = ' ';
    out = chars.join('');
  }
  return out;
}

const stripSoloQuotes = (s: string): string => replaceEach(s, [["/'", '/'], [")'", ')'], [":'", ':'], ["':", ':'], ["',", ',']]);

function stripEdgeParens(s: string): string {
  if (s.startsWith('(') && s.endsWith(')')) {
    const inner = s.slice(1, -1);
    if (!inner.includes('(') && !inner.includes(')')) return inner;
  }
  return s;
}

function removeExtraWordsAndPunct(s: string): string {
  let out = replaceEach(s, [
    ['<p>', ' '], ['<a href', ' '], ['date-of-software', ' '], ['date-of-document', ' '], [' $ ', ' '], [' ? ', ' '],
    ['</a>', ' '], ['( )', ' '], ['()', ' '], ['__', ' '], ['--', '-'], [".com'", '.com'], [".org'", '.org'],
    [".net'", '.net'], ['mailto:', ''], ['@see', ''],
  ]);
  if (out.endsWith('as represented by')) out = out.slice(0, out.indexOf('as represented by'));
  return out.trim();
}

const COPYRIGHT_WORD_FIXES: [string, string][] = [
  ['SPDX-FileCopyrightText', 'Copyright'], ['SPDX-SnippetCopyrightText', 'Copyright'], ['Bundle-Copyright', 'Copyright'],
  ['AssemblyCopyright', 'Copyright'], ['AppCopyright', 'Copyright'], ['Cppyright', 'Copyright'], ['cppyright', 'Copyright'],
  ['BCopyright', 'Copyright'], ['ECopyright', 'Copyright'], ['FCopyright', 'Copyright'], ['JCOPYRIGHT', 'Copyright'],
  ['MCopyright', 'Copyright'], ['mCopyright', 'Copyright'], ['rCopyright', 'Copyright'], ['VCopyright', 'Copyright'],
  ['COPYRIGHT Copyright', 'Copyright'], ['Copyright Copyright', 'Copyright'], ['Copyright copyright', 'Copyright'],
  ['copyright copyright', 'Copyright'], ['copyright Copyright', 'Copyright'], ["copyright'Copyright", 'Copyright'],
  ['copyright"Copyright', 'Copyright'], ["copyright' Copyright", 'Copyright'], ['copyright" Copyright', 'Copyright'],
  ['Copyright @copyright', 'Copyright'], ['copyright @copyright', 'Copyright'], ['(c) opyrighted', 'Copyright (c)'],
  ['(c) opyrights', 'Copyright (c)'], ['(c) opyright', 'Copyright (c)'], ['(c) opyleft', 'Copyleft (c)'],
  ['(c) opylefted', 'Copyleft (c)'], ["copyright'", 'Copyright'], ['and later', ' '], ['build.year', ' '],
];

function refineNames(s: string, prefixes: Set<string>): string {
  let out = stripSomePunct(s);
  out = stripLeadingNumbers(out);
  out = stripUnbalancedBrackets(out);
  out = stripSomePunct(out).trim();
  out = stripEdgeParens(out).trim();
  out = stripPrefixes(out, prefixes);
  return stripSomePunct(out).trim();
}

export function refineCopyright(input: string): string {
  let c = collapse(input);
  c = stripSomePunct(c);
  c = stripSoloQuotes(c);
  c = stripChars(c, '/ ~');
  c = stripUnbalancedBrackets(c);
  c = collapse(removeExtraWordsAndPunct(c));
  c = replaceEach(c, COPYRIGHT_WORD_FIXES);
  c = stripPrefixes(c, new Set(['by', 'c'])).trim();
  c = stripChars(c, '+');
  c = stripEdgeParens(c);
  c = stripSuffixes(c, COPYRIGHT_SUFFIXES);
  c = stripTrailingPeriod(c);
  return stripChars(c, "'").trim();
}

export function refineHolder(input: string): string {
  const prefixes = input.toLowerCase().includes('reserved') ? HOLDER_PREFIXES_WITH_ALL : HOLDER_PREFIXES;
  let h = input.split('build.year').join(' ');
  const space = h.indexOf(' ');
  if (space >= 0 && /^[0-9\-/]*$/.test(h.slice(0, space))) h = h.slice(space + 1);
  h = removeExtraWordsAndPunct(h);
  h = stripChars(h, '/ ~');
  h = refineNames(h, prefixes);
  h = stripSuffixes(h, HOLDER_SUFFIXES);
  h = stripChars(h, '/ ~');
  h = stripSoloQuotes(h);
  h = h.split('( ').join(' ').split(' )').join(' ');
  h = stripChars(h, '+- ');
  h = stripTrailingPeriod(h);
  h = stripChars(h, '+- ');
  h = h.split('the Initial Developer the Initial Developer').join('the Initial Developer');
  h = collapse(h);
  return h && !HOLDERS_JUNK.has(h.toLowerCase()) ? h : '';
}

export function refineAuthor(input: string): string {
  let a = removeExtraWordsAndPunct(input);
  a = refineNames(a, AUTHOR_PREFIXES).trim();
  a = stripTrailingPeriod(a).trim();
  a = stripEdgeParens(a).trim();
  a = stripSoloQuotes(a);
  a = refineNames(a, AUTHOR_PREFIXES).trim();
  a = stripChars(a, '+-');
  return a && !AUTHORS_JUNK.has(a.toLowerCase()) && !a.startsWith('httpProxy') ? a : '';
}
