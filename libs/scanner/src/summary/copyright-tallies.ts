/**
 * Tallies of copyrights, holders and authors as ScanCode computes them (summarycode's copyright
 * tallies, used for the summary's declared and other holders and shown by ScanCode.io): values
 * are mapped to canonical names (common companies under one spelling), cleaned of junk, and
 * grouped by a fingerprint of their words (lowercased, accents and punctuation gone, company
 * forms abbreviated, words sorted), each group keeping its first value and the sum of counts.
 */
import { copyrightsWithoutYears } from '../copyright';

export interface TallyEntry {
  value: string | null;
  count: number;
}

// Common names seen without their company suffix, by their letters and digits lowercased.
const COMMON_NAMES: Record<string, string> = {
  '3dfxinteractiveinc.': '3dfx Interactive',
  cern: 'CERN - European Organization for Nuclear Research',
  ciscosystemsinc: 'Cisco Systems',
  ciscosystems: 'Cisco Systems',
  cisco: 'Cisco Systems',
  daisy: 'Daisy',
  daisyltd: 'Daisy',
  fsf: 'Free Software Foundation',
  freesoftwarefoundation: 'Free Software Foundation',
  freesoftwarefoundationinc: 'Free Software Foundation',
  thefreesoftwarefoundation: 'Free Software Foundation',
  thefreesoftwarefoundationinc: 'Free Software Foundation',
  hp: 'Hewlett-Packard',
  hewlettpackard: 'Hewlett-Packard',
  hewlettpackardco: 'Hewlett-Packard',
  hpcompany: 'Hewlett-Packard',
  hpdevelopmentcompanylp: 'Hewlett-Packard',
  hpdevelopmentcompany: 'Hewlett-Packard',
  hewlettpackardcompany: 'Hewlett-Packard',
  theandroidopensourceproject: 'Android Open Source Project',
  androidopensourceproject: 'Android Open Source Project',
  ibm: 'IBM',
  redhat: 'Red Hat',
  redhatinc: 'Red Hat',
  softwareinthepublicinterest: 'Software in the Public Interest',
  spiinc: 'Software in the Public Interest',
  suse: 'SuSE',
  suseinc: 'SuSE',
  sunmicrosystems: 'Sun Microsystems',
  sunmicrosystemsinc: 'Sun Microsystems',
  sunmicro: 'Sun Microsystems',
  thaiopensourcesoftwarecenter: 'Thai Open Source Software Center',
  apachefoundation: 'The Apache Software Foundation',
  apachegroup: 'The Apache Software Foundation',
  apache: 'The Apache Software Foundation',
  apachesoftwarefoundation: 'The Apache Software Foundation',
  theapachegroup: 'The Apache Software Foundation',
  eclipse: 'The Eclipse Foundation',
  eclipsefoundation: 'The Eclipse Foundation',
  regentsoftheuniversityofcalifornia: 'The Regents of the University of California',
  borland: 'Borland',
  borlandcorp: 'Borland',
  microsoft: 'Microsoft',
  microsoftcorp: 'Microsoft',
  microsoftinc: 'Microsoft',
  microsoftcorporation: 'Microsoft',
  google: 'Google',
  googlellc: 'Google',
  googleinc: 'Google',
  intel: 'Intel',
};

// Places and fragments that are never holders on their own.
const JUNK_HOLDERS = new Set(
  [
    'advanced computing', 'inc', 'llc', 'ltd', 'berlin', 'munich', 'massachusetts', 'maynard', 'cambridge', 'norway', 'and',
    'is', 'a', 'cedar rapids', 'iowa', 'u.s.a', 'u.s.a.', 'usa', 'source code', 'mountain view', 'england', 'web applications',
    'menlo park', 'california', 'irvine', 'pune', 'india', 'stockholm', 'sweden', 'sweden)', 'software', 'france', 'concord',
    'date here', 'not',
  ],
);

// Legal forms written out, with the abbreviation a fingerprint uses for them.
const COMPANY_FORMS: [RegExp, string][] = [
  [/\bgesellschaft mit beschrankter haftung\b/g, 'gmbh'],
  [/\baktiengesellschaft\b/g, 'ag'],
  [/\blimited liability company\b/g, 'llc'],
  [/\bpublic limited company\b/g, 'plc'],
  [/\bincorporated\b/g, 'inc'],
  [/\bcorporation\b/g, 'corp'],
  [/\blimited\b/g, 'ltd'],
  [/\bcompany\b/g, 'co'],
];
const PERSON_PREFIXES = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'prof', 'sir']);

/** The canonical spelling of a holder: a common company under one name, "(minizip)" dropped. */
export function canonicalHolder(holder: string): string {
  const key = holder.replace(/[_\W]+/gu, '').toLowerCase();
  const words = (COMMON_NAMES[key] ?? holder).split(/\s+/).filter(Boolean);
  while (words.length > 0 && words[words.length - 1].toLowerCase().replace(/^[.,]+|[.,]+$/g, '') === '(minizip)') words.pop();
  return words.join(' ');
}

const normalizeKey = (s: string): string => s.toLowerCase().split(/\s+/).filter(Boolean).join(' ').replace(/^[.,]+|[.,]+$/g, '').trim();

/** A clustering key for names: same words in any order, case, accents and legal-form spelling. */
export function fingerprint(text: string): string {
  let s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ');
  for (const [form, abbreviation] of COMPANY_FORMS) s = s.replace(form, abbreviation);
  const words = [...new Set(s.split(' ').filter((w) => w && !PERSON_PREFIXES.has(w)))];
  return words.sort().join(' ');
}

interface Text {
  key: string;
  original: string;
  count: number;
}

function tally(texts: Text[]): Map<string, number> {
  const clusters = new Map<string, { original: string; count: number }>();
  for (const t of texts) {
    let key = normalizeKey(t.key);
    if (!key || JUNK_HOLDERS.has(key) || /^\d+$/.test(key) || key.length === 1) continue;
    key = normalizeKey(key);
    if (!key) continue;
    key = fingerprint(key);
    if (!key) continue;
    const c = clusters.get(key);
    if (c) c.count += t.count;
    else clusters.set(key, { original: t.original, count: t.count });
  }
  const out = new Map<string, number>();
  for (const { original, count } of clusters.values()) out.set(original, (out.get(original) ?? 0) + count);
  return out;
}

function sorted(counts: Map<string, number>, none: number): TallyEntry[] {
  const entries: TallyEntry[] = [...counts].map(([value, count]) => ({ value, count }));
  if (none > 0) entries.push({ value: null, count: none });
  return entries.sort((a, b) => b.count - a.count || (a.value ?? '').localeCompare(b.value ?? ''));
}

/**
 * Holder (or author) tally of a set of files: each file's values, and one "no value" for each
 * file without any.
 */
export function tallyPersons(perFile: readonly (readonly string[])[]): TallyEntry[] {
  const texts: Text[] = [];
  let none = 0;
  for (const values of perFile) {
    if (values.length === 0) none++;
    for (const v of values) {
      if (!v) continue;
      const cano = canonicalHolder(v);
      texts.push({ key: cano, original: cano, count: 1 });
    }
  }
  return sorted(tally(texts), none);
}

/** Copyright tally: statements compared without their years. */
export function tallyCopyrights(perFile: readonly (readonly string[])[]): TallyEntry[] {
  const texts: Text[] = [];
  let none = 0;
  for (const values of perFile) {
    if (values.length === 0) none++;
    for (const v of values) for (const c of copyrightsWithoutYears(v)) texts.push({ key: c, original: c, count: 1 });
  }
  return sorted(tally(texts), none);
}
