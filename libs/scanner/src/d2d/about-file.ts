import { PackageURL } from 'packageurl-js';
import { parse } from 'yaml';

/** The package an .ABOUT file describes, with the fields ScanCode.io keeps (resolve_about_package). */
export type AboutPackageData = Record<string, unknown> & {
  filename?: string;
  extra_data: { ignored_resources?: string[]; notice_file?: string; license_file?: string };
};

/** ABOUT fields that are also package fields, kept as they are. */
const PACKAGE_FIELDS = ['name', 'version', 'download_url', 'homepage_url', 'description', 'copyright', 'holder', 'notes', 'vcs_url', 'primary_language', 'keywords'] as const;
const CHECKSUMS = ['md5', 'sha1', 'sha256', 'sha512'] as const;

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * Reads an .ABOUT file (YAML) into package data as ScanCode.io's resolve_about_package does:
 * the package_url's parts, `about_resource` as `filename`, `ignored_resources`,
 * `license_expression` as the declared license, and the notice and license files (read with
 * `readCompanion`, relative to the ABOUT file) as notice_text and extracted_license_statement.
 * Returns null when the file is not a YAML mapping.
 */
export async function parseAboutFile(content: string, readCompanion: (name: string) => Promise<string | null>): Promise<AboutPackageData | null> {
  let about: unknown;
  try {
    about = parse(content);
  } catch {
    return null;
  }
  if (!about || typeof about !== 'object' || Array.isArray(about)) return null;
  const fields = about as Record<string, unknown>;
  const data: AboutPackageData = { extra_data: {} };
  for (const f of PACKAGE_FIELDS) if (text(fields[f])) data[f] = text(fields[f]);
  const purl = text(fields.package_url);
  if (purl) {
    const parsed = PackageURL.fromString(purl);
    for (const [key, value] of Object.entries({ type: parsed.type, namespace: parsed.namespace, name: parsed.name, version: parsed.version, subpath: parsed.subpath })) {
      if (value) data[key] = value;
    }
  }
  if (text(fields.about_resource)) data.filename = text(fields.about_resource);
  const ignored = Array.isArray(fields.ignored_resources) ? fields.ignored_resources.map(text).filter(Boolean) : [];
  if (ignored.length > 0) data.extra_data.ignored_resources = ignored;
  if (text(fields.license_expression)) data.declared_license_expression = text(fields.license_expression);
  const noticeFile = text(fields.notice_file);
  if (noticeFile) {
    data.notice_text = (await readCompanion(noticeFile)) ?? '';
    data.extra_data.notice_file = noticeFile;
  }
  const licenses = Array.isArray(fields.licenses) ? (fields.licenses as Record<string, unknown>[]) : [];
  const licenseFile = text(fields.license_file) || text(licenses.find((l) => l && text(l.file))?.file);
  if (licenseFile) {
    data.extra_data.license_file = licenseFile;
    data.extracted_license_statement = (await readCompanion(licenseFile)) ?? '';
  }
  for (const c of CHECKSUMS) if (text(fields[`checksum_${c}`])) data[c] = text(fields[`checksum_${c}`]);
  return data;
}

/** ScanCode.io's glob to regex: `*` is any run of characters (slashes included), `?` one, the rest literal, anchored. */
export function aboutGlobRegex(glob: string): RegExp {
  const body = glob.split('').map((ch) => (ch === '*' ? '.*' : ch === '?' ? '.' : ch.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'))).join('');
  return new RegExp(`^${body}$`, 's');
}
