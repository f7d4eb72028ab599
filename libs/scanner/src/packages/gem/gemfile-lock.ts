/**
 * `gemfile_lock`: Bundler Gemfile.lock (ScanCode packagedcode/gemfile_lock.py and rubygems.py
 * GemfileLockHandler). Hand-written reader: the format is Bundler's own indented text (sections
 * GEM / GIT / PATH / PLATFORMS / DEPENDENCIES / RUBY VERSION / BUNDLED WITH), not YAML.
 * A PATH gem with `remote: .` is the locked project itself (ScanCode's primary gem); every other
 * spec is a pinned dependency carrying its resolved package and its own requirements.
 */
import type { DatafileHandler } from '../handler';
import { dependencyPurl, packageData, type DependencyInput, type PackageData } from '../package-data';
import { assembleGemProject } from './assemble';
import { GEM_COMMON, rubygemsUrls } from './gem-data';

interface LockedGem {
  name: string;
  version: string;
  platform: string | null;
  section: string;
  remote: string | null;
  revision: string | null;
  requirements: { name: string; requirement: string | null }[];
}

interface GemfileLock {
  gems: LockedGem[];
  platforms: string[];
  direct: Map<string, string | null>;
  rubyVersion: string | null;
  bundledWith: string | null;
}

const SPEC = /^ {4}([^\s(]+) \(([^)]+)\)$/;
const SPEC_DEP = /^ {6}([^\s(]+)(?: \(([^)]+)\))?$/;

export function readGemfileLock(text: string): GemfileLock {
  const lock: GemfileLock = { gems: [], platforms: [], direct: new Map(), rubyVersion: null, bundledWith: null };
  let section: string | null = null;
  let remote: string | null = null;
  let revision: string | null = null;
  text.replace(/\r\n?/g, '\n').split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    if (/^[A-Z]/.test(line)) {
      section = line.trim();
      remote = revision = null;
      return;
    }
    if (!section) throw new Error(`not a Gemfile.lock: unexpected indented line ${i + 1} before any section`);
    const value = line.trim();
    if (['GEM', 'GIT', 'PATH', 'PLUGIN SOURCE'].includes(section)) {
      const option = /^ {2}(remote|revision): (.*)$/.exec(line);
      if (option?.[1] === 'remote') remote = option[2];
      else if (option?.[1] === 'revision') revision = option[2];
      const spec = SPEC.exec(line);
      const dep = SPEC_DEP.exec(line);
      if (spec) lock.gems.push({ name: spec[1], ...splitPlatform(spec[2]), section, remote, revision, requirements: [] });
      else if (dep && lock.gems.length) lock.gems[lock.gems.length - 1].requirements.push({ name: dep[1], requirement: dep[2] ?? null });
    } else if (section === 'PLATFORMS') lock.platforms.push(value);
    else if (section === 'DEPENDENCIES') {
      const m = /^([^\s(!]+)!?(?: \(([^)]+)\))?$/.exec(value);
      if (m) lock.direct.set(m[1], m[2] ?? null);
    } else if (section === 'RUBY VERSION') lock.rubyVersion = value.replace(/^ruby /, '');
    else if (section === 'BUNDLED WITH') lock.bundledWith = value;
  });
  return lock;
}

/** `1.15.4-x86_64-linux` -> version 1.15.4, platform x86_64-linux. */
function splitPlatform(v: string): { version: string; platform: string | null } {
  const m = /^([\d.]+(?:\.[a-z]+\d*)?)-(.+)$/.exec(v);
  return m ? { version: m[1], platform: m[2] } : { version: v, platform: null };
}

export function parseGemfileLock(content: Buffer): PackageData[] {
  const text = content.toString('utf8');
  if (text.includes('\u0000')) throw new Error('not a Gemfile.lock: binary content');
  const lock = readGemfileLock(text);
  if (!lock.gems.length && !lock.direct.size) throw new Error('not a Gemfile.lock: no GEM, GIT, PATH or DEPENDENCIES section');
  const primary = lock.gems.find((g) => g.section === 'PATH' && g.remote === '.') ?? null;
  const extra: Record<string, unknown> = {};
  if (lock.platforms.length) extra['platforms'] = lock.platforms;
  if (lock.rubyVersion) extra['ruby_version'] = lock.rubyVersion;
  if (lock.bundledWith) extra['bundled_with'] = lock.bundledWith;
  const dependencies: DependencyInput[] = lock.gems.filter((g) => g !== primary).map((g) => ({
    purl: dependencyPurl('gem', null, g.name, g.version),
    extracted_requirement: lock.direct.get(g.name) ?? g.version,
    scope: 'dependencies',
    is_runtime: true,
    is_optional: false,
    is_pinned: true,
    is_direct: lock.direct.has(g.name) || (primary?.requirements.some((r) => r.name === g.name) ?? false),
    resolved_package: resolvedGem(g),
  }));
  return [packageData('gemfile_lock', {
    type: 'gem',
    name: primary?.name ?? null,
    version: primary?.version ?? null,
    primary_language: 'Ruby',
    ...(primary ? rubygemsUrls(primary.name, primary.version) : {}),
    extra_data: extra,
    dependencies,
  })];
}

function resolvedGem(g: LockedGem): PackageData {
  const extra: Record<string, unknown> = { source: g.section };
  if (g.remote) extra['remote'] = g.remote;
  if (g.revision) extra['revision'] = g.revision;
  if (g.platform) extra['platform'] = g.platform;
  return packageData('gemfile_lock', {
    type: 'gem',
    name: g.name,
    version: g.version,
    primary_language: 'Ruby',
    vcs_url: g.section === 'GIT' && g.remote ? `git+${g.remote}${g.revision ? `@${g.revision}` : ''}` : null,
    ...(g.section === 'GEM' ? rubygemsUrls(g.name, g.version, g.platform) : {}),
    extra_data: extra,
    dependencies: g.requirements.map((r) => ({
      purl: dependencyPurl('gem', null, r.name),
      extracted_requirement: r.requirement,
      scope: 'dependencies',
      is_pinned: false,
    })),
  });
}

export const gemfileLockHandler: DatafileHandler = {
  datasourceId: 'gemfile_lock',
  pathPatterns: ['*/Gemfile.lock'],
  ...GEM_COMMON,
  description: 'RubyGems Bundler Gemfile.lock',
  documentationUrl: 'https://bundler.io/man/gemfile.5.html',
  parse: ({ content }) => parseGemfileLock(content),
  assemble: assembleGemProject,
};
