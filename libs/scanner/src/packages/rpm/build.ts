/**
 * PackageData from RPM header tags (ScanCode's rpm.py RpmArchiveHandler and rpm_installed.py):
 * version as `[epoch:]version-release`, `arch` (and non-linux `os`) qualifiers, summary and
 * description joined, license statement, URL, distribution/vendor parties, the SOURCERPM as a
 * source purl. Beyond ScanCode 32.x (which has "TODO: add dependencies"): REQUIRENAME/VERSION/
 * FLAGS as `requires` dependencies (rpmlib(), file paths and soname capabilities skipped), and
 * for installed headers the file list (BASENAMES/DIRNAMES/DIRINDEXES, digests, sizes).
 */
import { packageData, purlOf, type DependencyInput, type FileReference, type PackageData, type Party } from '../package-data';
import { nums, str, strs, TAG, type Header } from './header';

export function evr(version: string | null, release: string | null, epoch: string | number | null): string | null {
  if (!version) return null;
  const vr = release ? `${version}-${release}` : version;
  return epoch !== null && epoch !== '' && Number(epoch) !== 0 ? `${epoch}:${vr}` : vr;
}

/** `name-version-release.arch.rpm` (a SOURCERPM value) as a purl. */
export function sourceRpmPurl(fileName: string): string | null {
  const m = /^(.+)-([^-]+)-([^-]+)\.([^.]+)\.rpm$/.exec(fileName);
  if (!m) return null;
  return purlOf({ type: 'rpm', namespace: null, name: m[1], version: `${m[2]}-${m[3]}`, qualifiers: { arch: m[4] }, subpath: null });
}

function description(summary: string | null, desc: string | null): string | null {
  if (summary && desc) return desc.startsWith(summary) ? desc : `${summary}\n${desc}`;
  return summary ?? desc;
}

const FLAG_LESS = 2;
const FLAG_GREATER = 4;
const FLAG_EQUAL = 8;

function requires(h: Header): DependencyInput[] {
  const names = strs(h, TAG.REQUIRENAME);
  const versions = strs(h, TAG.REQUIREVERSION);
  const flags = nums(h, TAG.REQUIREFLAGS);
  const out: DependencyInput[] = [];
  names.forEach((name, i) => {
    if (!name || name.startsWith('/') || name.includes('(')) return;
    const f = flags[i] ?? 0;
    const op = `${f & FLAG_LESS ? '<' : ''}${f & FLAG_GREATER ? '>' : ''}${f & FLAG_EQUAL ? '=' : ''}`;
    const version = versions[i] || null;
    const pinned = op === '=' && version !== null;
    const purl = purlOf({ type: 'rpm', namespace: null, name, version: pinned ? version : null, qualifiers: {}, subpath: null });
    if (!purl || out.some((d) => d.purl === purl)) return;
    out.push({ purl, scope: 'requires', extracted_requirement: version && op ? `${op} ${version}` : null, is_runtime: true, is_pinned: pinned });
  });
  return out;
}

const DIGEST_FIELD: Record<number, 'md5' | 'sha1' | 'sha256' | 'sha512'> = { 0: 'md5', 1: 'md5', 2: 'sha1', 8: 'sha256', 10: 'sha512' };
const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;

function fileReferences(h: Header): FileReference[] {
  const bases = strs(h, TAG.BASENAMES);
  const dirs = strs(h, TAG.DIRNAMES);
  const indexes = nums(h, TAG.DIRINDEXES);
  const digests = strs(h, TAG.FILEDIGESTS);
  const sizes = nums(h, TAG.LONGFILESIZES).length ? nums(h, TAG.LONGFILESIZES) : nums(h, TAG.FILESIZES);
  const modes = nums(h, TAG.FILEMODES);
  const field = DIGEST_FIELD[nums(h, TAG.FILEDIGESTALGO)[0] ?? 1] ?? null;
  const out: FileReference[] = [];
  bases.forEach((base, i) => {
    const dir = dirs[indexes[i] ?? -1];
    if (dir === undefined) throw new Error('invalid RPM header: file dirindex out of range');
    if (((modes[i] ?? 0) & S_IFMT) === S_IFDIR) return;
    const ref: FileReference = { path: `${dir}${base}`, size: sizes[i] ?? null, sha1: null, md5: null, sha256: null, sha512: null, extra_data: {} };
    if (field && digests[i]) ref[field] = digests[i];
    out.push(ref);
  });
  return out;
}

export function rpmPackageData(h: Header, datasourceId: string, withFiles: boolean): PackageData {
  const epoch = nums(h, TAG.EPOCH)[0] ?? null;
  const qualifiers: Record<string, string> = {};
  const os = str(h, TAG.OS);
  if (os && os.toLowerCase() !== 'linux') qualifiers['os'] = os;
  const arch = str(h, TAG.ARCH);
  if (arch) qualifiers['arch'] = arch;
  const parties: Party[] = [];
  const distribution = str(h, TAG.DISTRIBUTION);
  const vendor = str(h, TAG.VENDOR);
  if (distribution) parties.push({ type: null, role: 'distributor', name: distribution, email: null, url: null });
  if (vendor) parties.push({ type: null, role: 'vendor', name: vendor, email: null, url: null });
  const source = str(h, TAG.SOURCERPM);
  const sourcePurl = source ? sourceRpmPurl(source) : null;
  return packageData(datasourceId, {
    type: 'rpm',
    name: str(h, TAG.NAME),
    version: evr(str(h, TAG.VERSION), str(h, TAG.RELEASE), epoch),
    qualifiers,
    description: description(str(h, TAG.SUMMARY), str(h, TAG.DESCRIPTION)),
    homepage_url: str(h, TAG.URL),
    parties,
    extracted_license_statement: str(h, TAG.LICENSE),
    source_packages: sourcePurl ? [sourcePurl] : [],
    file_references: withFiles ? fileReferences(h) : [],
    dependencies: requires(h),
  });
}
