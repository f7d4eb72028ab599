/**
 * The lexer's vocabulary: each token gets one part-of-speech tag from an ordered list of
 * regex → tag rules (first match wins), ScanCode's design in miniature. The grammar in
 * `statement-parser.ts` only looks at tags, so widening the detector is mostly a matter
 * of adding words here.
 */
export type Tag =
  | 'COPY' // copyright, copyrighted, copr.
  | 'C' // (c), ©
  | 'YEAR' // 2004, 2004-2024, 1999,2000
  | 'AUTH' // @author, Author:, Authors:
  | 'AUTH_VERB' // written, developed ... (an author statement when "by" follows)
  | 'BY'
  | 'ALL' // the three words of "All rights reserved"
  | 'RIGHTS'
  | 'RESERVED'
  | 'EMAIL'
  | 'URL'
  | 'CONN' // and, of, the, van, ... glue inside names
  | 'ORG' // Inc, Ltd, Foundation, contributors ... words that end or extend a holder
  | 'STOP' // license prose and placeholders: ends a statement
  | 'JUNK' // code and numbers: ends a statement
  | 'NAME' // capitalized or camel-case word
  | 'WORD' // any other lowercase word
  | 'PUNCT'
  | 'BREAK'; // a blank line

const words = (list: string): Set<string> => new Set(list.split(/\s+/).filter(Boolean));

const CONNECTORS = words(`and & of the de da di du van von der den la le y et al and/or its at und des del dos e + or to for`);

const ORG_WORDS = words(`inc inc. incorporated ltd ltd. llc llc. gmbh corp corp. corporation co co. company limited
  ag sa s.a. s.a bv b.v. b.v pty ab oy plc kg srl s.r.l. sarl e.v. lp llp ulc nv n.v. foundation project projects
  contributors contributers collaborators other author authors developers others affiliates subsidiaries licensors team community group university
  institute consortium labs laboratories organization association society maintainers individual members cie`);

const STOP_WORDS = words(`license licenses licensed licence licenced licensing permission permissions redistribution
  redistributions redistribute this these that those is are was were be been being may must shall should will would
  can could see notice notices holder holders owner owners ownership statement statements law laws use used using
  released distributed distribution under provided granted hereby portions portion parts part you your if as
  without any each unless except subject including includes include contains contain based modified version please
  source information file files with
   text not no from in on what which who when where there here it also only such
  retain retains following above below same date year years yyyy xxxx name names fullname program
  string null true false return const var let function class def import new public private static void int
  protected applies apply valid disclaimer warranty act infringement agreement terms conditions`);

// Capitalized, a stop word may be a name ("Will Welch", "Grant Case"); only these common
// sentence starters of license prose still end a statement when capitalized.
const CAPITALIZED_STOPS = words(`this these that license licensed licence licenses permission redistribution
  redistributions released distributed distribution you your portions use see if unless except subject please version
  notice notices holder holders owner owners under for in it is all any each no not based modified source
  provided including contains date year yyyy xxxx name fullname program string null true false`);

const ABBREVIATIONS = words(`inc. ltd. co. corp. llc. s.a. b.v. n.v. e.v. jr. sr. st. bros. mr. mrs. dr. al. ag. plc. pty. s.r.l. intl.`);

const YEAR_RE = /^(?:19[5-9]\d|20\d\d)(?:-(?:(?:19|20)?\d\d|present|now|today))?(?:,(?:19[5-9]\d|20\d\d)(?:-(?:(?:19|20)?\d\d|present))?)*$/i;
const EMAIL_RE = /^[<([]?(?:mailto:)?[\w.+-]+@[\w-]+(?:\.[\w-]+)+[>)\]]?[,.;:]?$/i;
const URL_RE = /^[<([]?(?:(?:https?|ftp):\/\/|www\.)[^\s]+$/i;
// Scheme-less home pages in brackets, "(sindresorhus.com)". Bare hosts stay names: for
// "Unshift.io" or "Sinon.JS" the domain is the holder's name.
const BRACKETED_HOST_RE = /^[<(][a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\/\S*)?[>)][,.;:]?$/i;
const AUTH_RE = /^(?:@author|__author__|(?:co-?)?authors?(?:\(s\))?:|spdx-filecontributor:)$/i;
const WORD_CHARS = /^[\p{L}\p{M}\p{N}@][\p{L}\p{M}\p{N}.'’\-_&!+/,]*$/u;
const CODE_CHARS = /[=<>{}[\]$\\|`*#;^~]/;

/** Surrounding quotes and trailing separators, which never change a word's role. */
export function bareWord(raw: string): string {
  return raw.replace(/^["'`([{]+/, '').replace(/["'`)\]},;:.!?]+$/, '');
}

/** True for words whose final period belongs to them (Inc., Jr., an initial "J."). */
export function isAbbreviation(raw: string): boolean {
  const t = raw.replace(/^["'`(]+/, '').replace(/[,;:)]+$/, '').toLowerCase();
  return ABBREVIATIONS.has(t) || /^(?:\p{L}\.)+$/u.test(t);
}

/** The tag of one whitespace-separated token, in rule order. */
export function tagOf(raw: string): Tag {
  if (/^\(c\)[,:;.]?$/i.test(raw)) return 'C';
  if (EMAIL_RE.test(raw)) return 'EMAIL';
  if (URL_RE.test(raw) || BRACKETED_HOST_RE.test(raw)) return 'URL';
  if (AUTH_RE.test(raw)) return 'AUTH';
  const bare = bareWord(raw);
  // Dashes, colons and commas sit inside statements; braces and semicolons are code.
  if (bare === '') return /^[-–—:,.]+$/.test(raw) ? 'PUNCT' : 'JUNK';
  if (YEAR_RE.test(bare)) return 'YEAR';
  const lower = bare.toLowerCase();
  if (/^(?:copyright|copyrights|copyrighted|copr)$/.test(lower)) return 'COPY';
  if (/^[[{<]/.test(raw) || CODE_CHARS.test(bare)) return 'JUNK';
  switch (lower) {
    case 'written':
    case 'authored':
    case 'developed':
    case 'contributed':
    case 'coded':
      return 'AUTH_VERB';
    case 'by':
      return 'BY';
    case 'all':
      return 'ALL';
    case 'rights':
      return 'RIGHTS';
    case 'reserved':
      return 'RESERVED';
  }
  if (CONNECTORS.has(lower)) return 'CONN';
  if (ORG_WORDS.has(lower) || ORG_WORDS.has(`${lower}.`)) return 'ORG';
  // Capitalized words are stops only when prose starts a sentence; ALL-CAPS text is
  // shouted license prose ("COPYRIGHT HOLDERS BE LIABLE"), judged like lowercase.
  const capitalized = /^\p{Lu}\p{Ll}/u.test(bare);
  if (capitalized ? CAPITALIZED_STOPS.has(lower) : STOP_WORDS.has(lower)) return 'STOP';
  // Numbers, calls like "invalidChar(read)" and symbol runs of code-page tables are no names.
  if (/^\d/.test(bare) || !/\p{L}/u.test(bare) || !WORD_CHARS.test(bare)) return 'JUNK';
  if (/^\p{Lu}/u.test(bare) || /^\p{Ll}+\p{Lu}/u.test(bare) || /^\p{Lo}/u.test(bare)) return 'NAME';
  return 'WORD';
}
