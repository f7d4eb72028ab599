/**
 * `alpine_installed_db`: apk's `lib/apk/db/installed` (also the APKINDEX format): paragraphs
 * separated by blank lines, `X:value` lines. Package fields P V A S T U L o m t c D; file
 * records F: (directory), R: (file in it), Z: (`Q1` + base64 SHA-1) become file_references.
 * p/r/i/I/C and permission records are ignored, as by ScanCode.
 *
 * Assembly: one package per entry, without a namespace (`pkg:alpine/musl@…`, as ScanCode.io
 * reports them), linked to the files it installed (paths from the rootfs root, the directory
 * holding `lib/apk/db`).
 */
import { assembleInstalledDatabase, rootOf } from '../distro/system-package';
import type { DatafileHandler } from '../handler';
import { packageData, type DependencyInput, type FileReference, type PackageData, type PackageDataInput, type Party } from '../package-data';
import { alpineDependencies, aportsCommitUrl, maintainers, releaseDate, sourcePackage } from './fields';

function sha1OfZ(value: string, line: number): string {
  if (!value.startsWith('Q1')) throw new Error(`line ${line}: unknown checksum encoding, expected Q1 (base64 SHA-1): ${value.slice(0, 40)}`);
  const raw = Buffer.from(value.slice(2), 'base64');
  if (raw.length !== 20) throw new Error(`line ${line}: invalid Q1 SHA-1 checksum: ${value.slice(0, 40)}`);
  return raw.toString('hex');
}

function parseEntry(lines: { text: string; line: number }[]): PackageData {
  const pd: PackageDataInput = { type: 'alpine' };
  const parties: Party[] = [];
  const deps: DependencyInput[] = [];
  const refs: FileReference[] = [];
  let dir: string | null = null;
  let current: FileReference | null = null;
  for (const { text, line } of lines) {
    if (text.length < 2 || text[1] !== ':') throw new Error(`line ${line}: expected "X:value", got ${JSON.stringify(text.slice(0, 60))}`);
    const key = text[0];
    const value = text.slice(2).trim();
    switch (key) {
      case 'P': pd.name = value; break;
      case 'V': pd.version = value; break;
      case 'T': pd.description = value; break;
      case 'U': pd.homepage_url = value; break;
      case 'L': pd.extracted_license_statement = value; break;
      case 'A': pd.qualifiers = { arch: value }; break;
      case 'S': pd.size = /^\d+$/.test(value) ? Number(value) : null; break;
      case 't': pd.release_date = releaseDate(value); break;
      case 'o': pd.source_packages = [sourcePackage(value, pd.version ?? null)].filter((s): s is string => !!s); break;
      case 'c': pd.vcs_url = aportsCommitUrl(value); break;
      case 'm': parties.push(...maintainers(value)); break;
      case 'D': deps.push(...alpineDependencies(value)); break;
      case 'F': dir = value; current = null; break;
      case 'R':
        if (dir === null) throw new Error(`line ${line}: file record R: before any F: directory`);
        current = { path: `${dir}/${value}`, size: null, sha1: null, md5: null, sha256: null, sha512: null, extra_data: {} };
        refs.push(current);
        break;
      case 'Z':
        if (current) current.sha1 = sha1OfZ(value, line);
        break;
      default: break;
    }
  }
  return packageData('alpine_installed_db', { ...pd, parties, dependencies: deps, file_references: refs });
}

export function parseInstalledDb(content: Buffer): PackageData[] {
  if (content.includes(0)) throw new Error('not an apk installed database: binary content');
  const out: PackageData[] = [];
  let entry: { text: string; line: number }[] = [];
  const flush = () => {
    if (entry.length) out.push(parseEntry(entry));
    entry = [];
  };
  content.toString('utf8').split('\n').forEach((raw, i) => {
    const text = raw.replace(/\r$/, '');
    if (text.trim() === '') flush();
    else entry.push({ text, line: i + 1 });
  });
  flush();
  return out;
}

export const alpineInstalledDbHandler: DatafileHandler = {
  datasourceId: 'alpine_installed_db',
  pathPatterns: ['*lib/apk/db/installed'],
  defaultPackageType: 'alpine',
  defaultPrimaryLanguage: null,
  description: 'Alpine Linux installed package database',
  documentationUrl: null,
  isSystem: true,
  parse: ({ content }) => parseInstalledDb(content),
  assemble(ctx, path, data) {
    assembleInstalledDatabase(ctx, path, data, rootOf(path, 'lib/apk/db/installed') ?? '', false);
  },
};
