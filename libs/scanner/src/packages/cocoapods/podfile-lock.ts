/**
 * `cocoapods_podfile_lock`: Podfile.lock (YAML), calibrated on ScanCode.io's resolved CocoaPods
 * dependencies: every PODS entry is a pinned `requires` dependency (not runtime, optional, as
 * ScanCode reports them), direct when DEPENDENCIES names it, with a virtual resolved package
 * holding its SPEC CHECKSUMS sha1, its spec repo or external source, and its own requirements
 * pinned to the locked versions.
 */
import { parseDocument } from 'yaml';
import type { DatafileHandler } from '../handler';
import { packageData, type DependencyInput, type PackageData } from '../package-data';
import { assemblePods } from './assemble';
import { podParts, podPurl, POD_COMMON, splitPodRequirement } from './common';

type Yaml = Record<string, unknown>;
const isMap = (v: unknown): v is Yaml => typeof v === 'object' && v !== null && !Array.isArray(v);
const flags = { scope: 'requires', is_runtime: false, is_optional: true, is_pinned: true } as const;

export function parsePodfileLock(content: Buffer): PackageData[] {
  const doc = parseDocument(content.toString('utf8'));
  if (doc.errors.length) throw new Error(`invalid Podfile.lock YAML: ${doc.errors[0].message.split('\n')[0]}`);
  const lock = doc.toJS() as unknown;
  if (!isMap(lock) || !Array.isArray(lock['PODS'])) throw new Error('invalid Podfile.lock: no PODS list');
  const pods = lock['PODS'].map((entry): { spec: string; requires: string[] } =>
    isMap(entry) ? { spec: Object.keys(entry)[0], requires: (Object.values(entry)[0] as unknown[] ?? []).map(String) } : { spec: String(entry), requires: [] });
  const versions = new Map(pods.map((p) => { const s = splitPodRequirement(p.spec); return [s.name, s.requirement]; }));
  const direct = new Set((Array.isArray(lock['DEPENDENCIES']) ? lock['DEPENDENCIES'] : []).map((d) => splitPodRequirement(String(d)).name));
  const checksums = isMap(lock['SPEC CHECKSUMS']) ? lock['SPEC CHECKSUMS'] : {};
  const specRepos = new Map<string, string>();
  for (const [repo, names] of Object.entries(isMap(lock['SPEC REPOS']) ? lock['SPEC REPOS'] : {})) for (const n of Array.isArray(names) ? names : []) specRepos.set(String(n), repo);
  const dependencies: DependencyInput[] = pods.map(({ spec, requires }) => {
    const { name, requirement: version } = splitPodRequirement(spec);
    return { purl: podPurl(name, version), extracted_requirement: version, ...flags, is_direct: direct.has(name), resolved_package: resolvedPod(name, version, requires, versions, lock, checksums, specRepos) };
  });
  const extra: Record<string, unknown> = {};
  if (lock['COCOAPODS']) extra['cocoapods'] = String(lock['COCOAPODS']);
  if (lock['PODFILE CHECKSUM']) extra['podfile_checksum'] = String(lock['PODFILE CHECKSUM']);
  return [packageData('cocoapods_podfile_lock', { type: 'cocoapods', primary_language: 'Objective-C', extra_data: extra, dependencies })];
}

/**
 * A locked pod as ScanCode serializes it in a dependency: its PackageData fields without `purl`
 * (ScanCode keeps it as a PackageData object there, whose dict form has no purl; the static
 * resolution computes it from the purl fields).
 */
function resolvedPod(podName: string, version: string | null, requires: string[], versions: Map<string, string | null>, lock: Yaml, checksums: Yaml, specRepos: Map<string, string>): PackageData {
  const { namespace, name } = podParts(podName);
  const extra: Record<string, unknown> = {};
  if (!namespace && specRepos.has(podName)) extra['spec_repo'] = specRepos.get(podName);
  const external = !namespace ? externalSource(podName, lock) : null;
  if (external) extra['external_source'] = external;
  const { purl: _purl, ...data } = packageData('cocoapods_podfile_lock', {
    type: 'cocoapods', namespace, name, version, primary_language: 'Objective-C',
    sha1: !namespace && typeof checksums[podName] === 'string' ? checksums[podName] as string : null,
    is_virtual: true, extra_data: extra,
    dependencies: requires.map((r) => {
      const dep = splitPodRequirement(r);
      const locked = versions.get(dep.name) ?? null;
      return { purl: podPurl(dep.name, locked), extracted_requirement: dep.requirement ?? locked, ...flags, is_direct: true };
    }),
  });
  return data as PackageData;
}

/** A git checkout as `<repo>/tree/<commit>` (the URL without a trailing `/` or `.git`), else the :path / :podspec / :git of EXTERNAL SOURCES. */
function externalSource(podName: string, lock: Yaml): string | null {
  const checkout = isMap(lock['CHECKOUT OPTIONS']) ? lock['CHECKOUT OPTIONS'][podName] : null;
  if (isMap(checkout) && checkout[':git'] && checkout[':commit']) return `${String(checkout[':git']).replace(/\/+$/, '').replace(/\.git$/, '')}/tree/${String(checkout[':commit'])}`;
  const source = isMap(lock['EXTERNAL SOURCES']) ? lock['EXTERNAL SOURCES'][podName] : null;
  if (!isMap(source)) return null;
  const value = source[':path'] ?? source[':podspec'] ?? source[':git'];
  return value ? String(value) : null;
}

export const podfileLockHandler: DatafileHandler = {
  datasourceId: 'cocoapods_podfile_lock',
  pathPatterns: ['*Podfile.lock'],
  ...POD_COMMON,
  description: 'Cocoapods Podfile.lock',
  documentationUrl: 'https://guides.cocoapods.org/using/the-podfile.html',
  parse: ({ content }) => parsePodfileLock(content),
  assemble: assemblePods,
};
