/**
 * The license categories the clarity score needs (ScanCode's `category` of each license). The
 * rule data of this engine carries no categories, so the families that decide a conflict are
 * listed here: copyleft and proprietary keys against a permissive declared license.
 */
const PERMISSIVE = new Set([
  'mit', 'isc', 'bsd-new', 'bsd-simplified', 'bsd-original', 'bsd-zero', '0bsd', 'apache-2.0', 'apache-1.1', 'zlib', 'x11',
  'unlicense', 'cc0-1.0', 'python', 'psf-2.0', 'artistic-2.0', 'boost-1.0', 'bsl-1.0', 'wtfpl-2.0', 'public-domain', 'cc-by-4.0',
  'cc-by-3.0', 'ofl-1.1', 'postgresql', 'ncsa', 'curl', 'openssl-ssleay', 'blueoak-1.0.0', 'mit-0', 'json',
]);

export type Category = 'Permissive' | 'Copyleft' | 'Copyleft Limited' | 'Proprietary' | 'Other';

export function categoryOf(key: string): Category {
  if (PERMISSIVE.has(key)) return 'Permissive';
  if (/^(agpl|gpl)-/.test(key)) return 'Copyleft';
  if (/^(lgpl|mpl|epl|cddl|eupl|cpl|osl|ms-rl)-/.test(key)) return 'Copyleft Limited';
  if (/^(commercial|proprietary)/.test(key)) return 'Proprietary';
  return 'Other';
}
