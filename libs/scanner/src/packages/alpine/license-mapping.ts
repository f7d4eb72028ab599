/**
 * Alpine's license fields (`L:` of the installed database, `license=` of an APKBUILD) are meant
 * to be SPDX expressions but are often space- or comma-separated lists with Alpine's own names
 * (`MIT BSD GPL2+`). ScanCode detects the license of such a field from a cleaned, mapped
 * expression (`mit AND bsd-3-clause AND gpl-2.0-or-later`), keeping the field as it was in
 * `extracted_license_statement`; this module makes that expression. The mappings are facts about
 * Alpine's spellings, as ScanCode's alpine handler records them.
 */
import { parseExpression, renderExpression, type Expr } from '../../license';

/** Plain text replacements that make a field parsable (applied to the lowercased field, in order). */
const SYNTAX_FIXES: [string, string][] = [
  [' and and ', ' and '],
  ['(gpl-2.0-only and lgpl-2.1-or-later) with openssl-exception', '(gpl-2.0-only with licenseref-scancode-generic-exception and lgpl-2.1-or-later with licenseref-scancode-generic-exception)'],
  ['(gpl-2.0-or-later and gpl-2.1-or-later) with openssl-exception', '(gpl-2.0-or-later with licenseref-scancode-generic-exception and lgpl-2.1-or-later with licenseref-scancode-generic-exception)'],
  ['artistic-2.0 license', 'artistic-2.0'],
  ['artistic license 2.0', 'artistic-2.0'],
  ['perl artistic', 'artistic-1.0-perl'],
  ['bsd 3-clause', 'bsd-3-clause'],
  ['bsd with advertising', 'bsd-4-clause'],
  ['and bsd-3-clause mit and', 'and bsd-3-clause and mit and'],
  ['bsd-3-clause(variant)', 'bsd-3-clause AND licenseref-scancode-other-permissive'],
  ['public domain', 'licenseref-scancode-public-domain'],
  ['with openssl exception', 'with openssl-exception'],
  ['osf-1990(variant)', 'licenseref-scancode-osf-1990'],
  ['mit/x', 'mit'],
  ['gfdl-1.3-or-later gpl-2.0-or-later with font-exception-2.0', 'gfdl-1.3-or-later and gpl-2.0-or-later with font-exception-2.0'],
  ['lgpl 2.1', 'lgpl-2.1'],
  ['gpl-3.0+ with exception', 'gpl-3.0+ with licenseref-scancode-generic-exception'],
  ['gpl-2.0-or-later (lgpl-2.1-only or lgpl-3.0-only)', 'gpl-2.0-or-later and (lgpl-2.1-only or lgpl-3.0-only)'],
  ['lgpl-2.0-or-later vsl', 'gpl-3.0 or licenseref-scancode-commercial-license'],
  ['lgpl-2.0-or-later scowl', 'lgpl-2.0-or-later and licenseref-scancode-other-permissive and licenseref-scancode-mit-old-style and licenseref-scancode-public-domain'],
  ['mit and (lgpl-2.1-only or lgpl-3.0-only', 'mit and (lgpl-2.1-only or lgpl-3.0-only)'],
  ['gpl-2.0-or-later fipl', 'gpl-2.0-or-later and freeimage'],
  ['apache-2.0 and mit ofl-1.1 gpl-3.0-or-later gpl-3.0-with-gcc-exception cc-by-sa-3.0 lgpl-3.0', 'apache-2.0 and mit and ofl-1.1 and gpl-3.0-or-later and gpl-3.0-with-gcc-exception and cc-by-sa-3.0 and lgpl-3.0'],
  ['custom:xiph lgpl gpl fdl', 'bsd-3-clause AND gpl-2.0-or-later AND gpl-3.0-or-later AND lgpl-2.1-or-later AND gfdl-1.1-or-later'],
  ['asl 2.0', 'apache-2.0'],
];

const GENERIC_EXCEPTION = 'licenseref-scancode-generic-exception';
const PROPRIETARY = 'licenseref-scancode-proprietary-license';
const REFERENCE = 'licenseref-scancode-unknown-license-reference';

/** Alpine names and sub-expressions → the SPDX (or LicenseRef-scancode) expression they stand for. */
const ALPINE_TO_SPDX: Record<string, string> = {
  'openssl-exception': GENERIC_EXCEPTION, agpl: 'agpl-3.0-or-later', 'agpl-2.1': 'lgpl-2.1 and apache-2.0 and licenseref-scancode-free-unknown',
  'gpl-3.0-or-later-with-openssl-exception': `gpl-3.0-or-later with ${GENERIC_EXCEPTION}`, apache: 'apache-2.0',
  bsd: 'bsd-3-clause', bsd2: 'bsd-2-clause', 'bsd-0': '0bsd', 'bsd-2-clauase': 'bsd-2-clause',
  closed: PROPRIETARY, proprietary: PROPRIETARY, propietary: PROPRIETARY, 'unifi-eula': PROPRIETARY, other: PROPRIETARY,
  psf: 'psf-2.0', psfl: 'psf-2.0', fdl: 'gfdl-1.1-or-later',
  'artistic-perl-1.0': 'artistic-1.0-perl', artistic: 'artistic-1.0-perl', 'artistic-perl': 'artistic-1.0-perl', 'artisitc-1.0-perl': 'artistic-1.0-perl',
  perlartistic: 'artistic-1.0-perl', perl: 'gpl-1.0-or-later or artistic-1.0-perl', 'artistic-2': 'artistic-2.0',
  gpl: 'gpl-1.0-or-later', 'gpl+': 'gpl-1.0-or-later', lgpl: 'lgpl-2.0-or-later', 'lgpl+': 'lgpl-2.0-or-later', 'gpl2+': 'gpl-2.0-or-later',
  'gpl-2.0-or-later-with-sane-exception': `gpl-2.0-or-later with ${GENERIC_EXCEPTION}`, 'gpl-3-or-later': 'gpl-3.0-or-later', 'lgp-2.1-only': 'lgpl-2.1-only',
  'lpgl-2.0-or-later': 'lgpl-2.0-or-later', 'pd or mit': 'licenseref-scancode-public-domain or mit', 'public-domain': 'licenseref-scancode-public-domain',
  unrestricted: 'licenseref-scancode-other-permissive', open_source: 'licenseref-scancode-free-unknown',
  elementtree: 'licenseref-scancode-secret-labs-2011 and bsd-3-clause', cddl: 'cddl-1.1',
  cc: 'cc-by-3.0 and licenseref-scancode-free-unknown', 'cc-3.0': 'cc-by-sa-3.0', 'cc-by-sa': 'cc-by-sa-3.0', 'cc-3.0-by-sa': 'cc-by-sa-3.0',
  'cc-samplingplus-1.0': 'licenseref-scancode-cc-sampling-plus-1.0', 'cc-sampling-plus-1.0': 'licenseref-scancode-cc-sampling-plus-1.0', cc0: 'cc0-1.0',
  classpath: 'classpath-exception-2.0', fipl: 'licenseref-scancode-freeimage-1.0', zpl: 'zpl-2.0', wxwidgets: 'licenseref-scancode-wxwidgets',
  'uoi-ncsa': 'ncsa', php: 'php-3.01', 'pgpool-ii': 'ntp', ofl: 'ofl-1.1', exception: GENERIC_EXCEPTION, exceptions: GENERIC_EXCEPTION,
  mpl: 'mpl-1.1', 'lppl-1.3': 'lppl-1.3c', lsof: 'licenseref-scancode-purdue-bsd', 'mit and ucd': 'mit and licenseref-scancode-other-permissive',
  'lgpl-2.0-or-later-with-linking-exception': `lgpl-2.0-or-later with ${GENERIC_EXCEPTION}`,
  'lgpl-2.1-with-linking-exception': `lgpl-2.1-only with ${GENERIC_EXCEPTION}`, 'lgpl-2.1-only-with-linking-exception': `lgpl-2.1-only with ${GENERIC_EXCEPTION}`,
  'lgpl-2.1-or-later-with-linking-exception': `lgpl-2.1-or-later with ${GENERIC_EXCEPTION}`,
  'lgpl-2.1-or-later-with-linking-exception-and-mit': `lgpl-2.1-or-later with ${GENERIC_EXCEPTION} and mit`,
  'lgpl-2.1-or-later with ocaml-linking-exception': 'lgpl-2.1-or-later with ocaml-lgpl-linking-exception',
  'lgpl-2.1-or-later-with-ocaml-lgpl-linking-exception': `lgpl-2.1-or-later with ${GENERIC_EXCEPTION}`,
  'lgpl-2.1-or-later with custom-static-linking-exception': `lgpl-2.1-or-later with ${GENERIC_EXCEPTION}`,
  'lgpl-3.0-or-later with exceptions': `lgpl-3.0-or-later with ${GENERIC_EXCEPTION}`, ttyp0: 'licenseref-scancode-ttyp0 and mit',
  tfl: 'licenseref-scancode-public-domain-disclaimer', custom: REFERENCE,
  'custom:altermime': `licenseref-scancode-other-copyleft and ${REFERENCE}`, 'custom:bell': 'x11', 'custom:boost': REFERENCE, 'custom:bsd': REFERENCE,
  'custom:chromiumos': REFERENCE, 'custom:etpan': REFERENCE, 'custom:gpl-like': 'licenseref-scancode-mozilla-gc', 'custom:multiple': REFERENCE,
  'custom:pil': 'licenseref-scancode-secret-labs-2011', 'custom:postcardware': REFERENCE, 'custom:sip': REFERENCE, 'custom:tu-berlin-2.0': 'tu-berlin-2.0',
  'custom:xfree86': 'mit and x11 and hpnd-sell-variant and hpnd and mit-open-group and licenseref-scancode-other-permissive', 'custom:xiph': 'bsd-3-clause',
  'gpl and custom:ofl': '(gpl-2.0 with font-exception-2.0) or ofl-1.1', none: 'licenseref-scancode-unknown', 'as-is': REFERENCE, happy: 'mit',
  'gpl-2.0 with classpath': 'gpl-2.0 with classpath-exception-2.0',
  'gpl-2.0-only with openssl-exception': 'gpl-2.0-only with licenseref-scancode-openssl-exception-gpl-2.0',
  'gpl-2.0-or-later with openssl-exception': 'gpl-2.0-or-later with licenseref-scancode-openssl-exception-gpl-2.0-plus',
  'gpl-3.0-only with openssl-exception': 'gpl-3.0-only with licenseref-scancode-openssl-exception-gpl-3.0-plus',
  'gpl-3.0-or-later with openssl-exception': 'gpl-3.0-or-later with licenseref-scancode-openssl-exception-gpl-3.0-plus',
  'agpl-3.0-or-later with openssl-exception': 'agpl-3.0-or-later with licenseref-scancode-openssl-exception-agpl-3.0-plus',
  'weird-motorola-license': 'licenseref-scancode-motorola',
};

/** A sub-expression's identity for the mapping: its rendering, lowercased, AND/OR arguments in any order. */
function identity(e: Expr): string {
  switch (e.kind) {
    case 'key':
      return e.key.toLowerCase();
    case 'with':
      return `${e.key.toLowerCase()} with ${e.exception.toLowerCase()}`;
    case 'and':
    case 'or':
      return `${e.kind}(${e.args.map(identity).sort().join(',')})`;
  }
}

let mapping: Map<string, Expr> | null = null;

function alpineMapping(): Map<string, Expr> {
  if (mapping) return mapping;
  mapping = new Map();
  for (const [from, to] of Object.entries(ALPINE_TO_SPDX)) {
    const source = parseExpression(from);
    const target = parseExpression(to);
    if (source && target) mapping.set(identity(source), target);
  }
  return mapping;
}

/** Replaces each sub-expression the mapping knows, outermost first (license-expression's subs). */
function substitute(e: Expr): Expr {
  const mapped = alpineMapping().get(identity(e));
  if (mapped) return mapped;
  return e.kind === 'and' || e.kind === 'or' ? { kind: e.kind, args: e.args.map(substitute) } : e;
}

const EXPRESSION_WORDS = ['(', ')', ' or ', ' and ', ' with '];

/**
 * The expression ScanCode detects an Alpine license field from: spaces normalised, lowercased,
 * syntax fixed, a comma- or space-separated list read as an AND of its items, Alpine's names
 * mapped to SPDX ones. Null for an empty field.
 */
export function alpineLicenseExpression(field: string): string | null {
  let declared = field.split(/\s+/).filter(Boolean).join(' ').toLowerCase();
  for (const [from, to] of SYNTAX_FIXES) declared = declared.split(from).join(to);
  if (declared.includes(',')) declared = declared.split(',').map((s) => s.trim()).filter(Boolean).map((s) => (parseExpression(s)?.kind === 'key' ? s : `(${s})`)).join(' AND ');
  else if (declared.includes(' ') && !EXPRESSION_WORDS.some((w) => declared.includes(w))) declared = declared.split(' ').join(' AND ');
  const parsed = parseExpression(declared);
  return parsed ? renderExpression(substitute(parsed)) : null;
}
