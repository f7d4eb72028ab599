/**
 * The gem metadata model shared by the .gem archive, gemspec and Gemfile.lock readers, and its
 * mapping to PackageData (ScanCode packagedcode/rubygems.py build_rubygem_package_data, get_urls).
 */
import { dependencyPurl, packageData, type DependencyInput, type PackageData, type Party } from '../package-data';

export interface GemDependency {
  name: string;
  /** `runtime` or `development`. */
  type: string;
  /** Constraints such as `~> 1.0`, `>= 2.1`. */
  requirements: string[];
}

export interface GemData {
  name: string | null;
  version: string | null;
  platform?: string | null;
  summary?: string | null;
  description?: string | null;
  authors?: string[];
  emails?: string[];
  homepage?: string | null;
  licenses?: string[];
  metadata?: Record<string, string>;
  dependencies?: GemDependency[];
  date?: string | null;
  files?: string[];
}

export function rubygemsUrls(name: string | null, version: string | null, platform?: string | null) {
  const v = version?.trim().replace(/^\/+|\/+$/g, '') || null;
  const versionPlatform = v && platform && platform !== 'ruby' ? `${v}-${platform}` : v;
  const download = name && v ? `https://rubygems.org/downloads/${name.trim()}-${versionPlatform}.gem` : null;
  return {
    repository_homepage_url: name ? (v ? `https://rubygems.org/gems/${name}/versions/${v}` : `https://rubygems.org/gems/${name}`) : null,
    repository_download_url: download,
    api_data_url: name ? (v ? `https://rubygems.org/api/v2/rubygems/${name}/versions/${v}.json` : `https://rubygems.org/api/v1/versions/${name}.json`) : null,
    download_url: download,
  };
}

/** ScanCode's build_description: the summary, then the description unless it repeats it. */
export function buildDescription(summary?: string | null, description?: string | null): string | null {
  const s = summary?.trim() || null;
  const d = description?.trim() || null;
  if (s && d && !d.startsWith(s)) return `${s}\n${d}`;
  return d ?? s;
}

/** One license as is; several as a conjunction (ScanCode reads a gem's license list as AND). */
export function licenseStatement(licenses: readonly string[] = []): string | null {
  const list = licenses.map((l) => l.trim()).filter(Boolean);
  return list.length ? list.join(' AND ') : null;
}

export function gemParties(authors: readonly string[] = [], emails: readonly string[] = []): Party[] {
  const names = authors.map((a) => a.trim()).filter(Boolean);
  if (!names.length) return emails.map((email) => ({ type: 'person', role: 'author', name: null, email, url: null }));
  const paired = emails.length === names.length;
  return names.map((name, i) => ({ type: 'person', role: 'author', name, email: paired ? emails[i] : null, url: null }));
}

export function gemDependency(dep: GemDependency): DependencyInput {
  // `>= 0` means any version: ScanCode drops it.
  const constraints = dep.requirements.map((r) => r.trim()).filter((r) => r && !/^>=\s*0$/.test(r));
  const exact = constraints.length === 1 ? /^=\s*(\S+)$/.exec(constraints[0])?.[1] ?? null : null;
  const scope = dep.type.replace(/^:/, '') || 'runtime';
  return {
    purl: dependencyPurl('gem', null, dep.name, exact),
    extracted_requirement: constraints.join(', ') || null,
    scope,
    is_runtime: scope === 'runtime',
    is_optional: scope === 'development',
    is_pinned: exact !== null,
    is_direct: true,
  };
}

export function buildGemPackageData(gem: GemData, datasourceId: string): PackageData {
  const metadata = gem.metadata ?? {};
  const platform = gem.platform && gem.platform !== 'ruby' ? gem.platform : null;
  const urls = rubygemsUrls(gem.name, gem.version, platform);
  return packageData(datasourceId, {
    type: 'gem',
    name: gem.name,
    version: gem.version,
    qualifiers: platform ? { platform } : {},
    primary_language: 'Ruby',
    description: buildDescription(gem.summary, gem.description),
    release_date: gem.date && gem.date.length >= 10 ? gem.date.slice(0, 10) : null,
    parties: gemParties(gem.authors, gem.emails),
    homepage_url: metadata['homepage_uri'] || gem.homepage || urls.repository_homepage_url,
    bug_tracking_url: metadata['bug_tracker_uri'] || null,
    code_view_url: metadata['source_code_uri'] || null,
    extracted_license_statement: licenseStatement(gem.licenses),
    file_references: (gem.files ?? []).map((path) => ({ path })),
    ...urls,
    dependencies: (gem.dependencies ?? []).map(gemDependency),
  });
}

export const GEM_COMMON = { defaultPackageType: 'gem', defaultPrimaryLanguage: 'Ruby' } as const;
