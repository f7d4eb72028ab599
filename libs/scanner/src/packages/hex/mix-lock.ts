/**
 * `hex_mix_lock`: an Elixir mix.lock (not in ScanCode 32). The file is one map from app name to
 * a lock tuple, read statically (elixir-terms.ts):
 *   {:hex, :name, "version", "inner_checksum", [:mix], [deps], "hexpm", "outer_checksum"}
 *   {:git, "url", "revision", [branch: "main"]}
 * Every entry is a pinned dependency carrying its locked package, with that package's own
 * dependencies (`{:app, "~> 1.0", [hex: :name, repo: "hexpm", optional: false]}`).
 */
import { dependencyPurl, packageData, type DependencyInput, type PackageData } from '../package-data';
import { isAtom, isMap, isTuple, keywordValue, termText, TermReader, type Term } from './elixir-terms';

export const MIX_LOCK = 'hex_mix_lock';
const EXACT_VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

function hexUrls(name: string, version: string | null) {
  return {
    repository_homepage_url: version ? `https://hex.pm/packages/${name}/${version}` : `https://hex.pm/packages/${name}`,
    repository_download_url: version ? `https://repo.hex.pm/tarballs/${name}-${version}.tar` : null,
    api_data_url: version ? `https://hex.pm/api/packages/${name}/releases/${version}` : `https://hex.pm/api/packages/${name}`,
  };
}

/** `{:app, "~> 1.0", [hex: :name, repo: "hexpm", optional: true]}` */
function lockDependency(term: Term): DependencyInput | null {
  if (!isTuple(term)) return null;
  const [app, requirement, opts] = term.tuple;
  const appName = termText(app);
  if (!appName) return null;
  const name = termText(keywordValue(opts, 'hex')) ?? appName;
  const req = typeof requirement === 'string' ? requirement.trim() : null;
  const exact = req && EXACT_VERSION.test(req) ? req : null;
  const extra: Record<string, unknown> = {};
  if (name !== appName) extra['app'] = appName;
  const repo = termText(keywordValue(opts, 'repo'));
  if (repo && repo !== 'hexpm') extra['repo'] = repo;
  return {
    purl: dependencyPurl('hex', null, name, exact), extracted_requirement: req, scope: 'dependencies',
    is_runtime: true, is_optional: keywordValue(opts, 'optional') === true, is_pinned: exact !== null, is_direct: true, extra_data: extra,
  };
}

function hexEntry(app: string, t: Term[]): PackageData {
  const [, pkgName, version, innerChecksum, managers, deps, repo, outerChecksum] = t;
  const name = termText(pkgName) ?? app;
  const ver = typeof version === 'string' ? version : null;
  const extra: Record<string, unknown> = {};
  if (name !== app) extra['app'] = app;
  if (typeof innerChecksum === 'string') extra['inner_checksum'] = innerChecksum;
  if (Array.isArray(managers)) extra['build_tools'] = managers.map(termText).filter((m) => m !== null);
  if (typeof repo === 'string' && repo !== 'hexpm') extra['repo'] = repo;
  return packageData(MIX_LOCK, {
    type: 'hex', name, version: ver, primary_language: 'Elixir',
    download_url: ver && (repo === undefined || repo === 'hexpm') ? `https://repo.hex.pm/tarballs/${name}-${ver}.tar` : null,
    // The outer checksum is the sha256 of the release tarball.
    sha256: typeof outerChecksum === 'string' ? outerChecksum : null,
    extra_data: extra,
    ...hexUrls(name, ver),
    dependencies: (Array.isArray(deps) ? deps : []).map(lockDependency).filter((d): d is DependencyInput => d !== null),
  });
}

function gitEntry(app: string, t: Term[]): PackageData {
  const [, url, revision, opts] = t;
  const extra: Record<string, unknown> = {};
  if (typeof revision === 'string') extra['revision'] = revision;
  for (const key of ['branch', 'tag', 'ref', 'sparse', 'subdir']) {
    const v = termText(keywordValue(opts, key));
    if (v) extra[key] = v;
  }
  return packageData(MIX_LOCK, {
    type: 'hex', name: app, primary_language: 'Elixir',
    vcs_url: typeof url === 'string' ? `git+${url}${typeof revision === 'string' ? `@${revision}` : ''}` : null,
    extra_data: extra,
  });
}

export function parseMixLock(content: Buffer): PackageData[] {
  let term: Term;
  try {
    term = TermReader.read(content.toString('utf8'));
  } catch (e) {
    throw new Error(`invalid mix.lock: ${(e as Error).message}`);
  }
  if (!isMap(term)) throw new Error('invalid mix.lock: not an Elixir map');
  const dependencies: DependencyInput[] = [];
  for (const [key, value] of term.map) {
    const app = termText(key);
    if (!app || !isTuple(value) || !isAtom(value.tuple[0])) continue;
    const kind = value.tuple[0].atom;
    const resolved = kind === 'hex' ? hexEntry(app, value.tuple) : kind === 'git' ? gitEntry(app, value.tuple) : null;
    if (!resolved) continue;
    dependencies.push({
      purl: resolved.purl, extracted_requirement: resolved.version ?? termText(value.tuple[2]), scope: 'dependencies',
      is_runtime: true, is_optional: false, is_pinned: true, is_direct: false, resolved_package: resolved,
      extra_data: kind === 'git' ? { source: 'git' } : {},
    });
  }
  return [packageData(MIX_LOCK, { type: 'hex', primary_language: 'Elixir', dependencies })];
}
