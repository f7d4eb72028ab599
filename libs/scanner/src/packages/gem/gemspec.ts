/**
 * `gemspec` and `gem_gemspec_installed_specifications`: .gemspec files read statically (ScanCode
 * packagedcode/rubygems.py GemspecHandler, GemspecInInstalledVendorBundleSpecificationsHandler).
 * `spec.attr = value` assignments and `add_*dependency` calls are read; Ruby is never run.
 */
import { fnmatch } from '../fnmatch';
import type { DatafileHandler } from '../handler';
import type { PackageData } from '../package-data';
import { assembleGemProject } from './assemble';
import { buildGemPackageData, GEM_COMMON, type GemData, type GemDependency } from './gem-data';
import { rubyAssignments, rubyConstants, rubyHashPairs, rubyStatements, rubyValue, stringLiterals } from './ruby-static';

const DEPENDENCY_CALL = /^[a-z_]\w*\.(add_dependency|add_runtime_dependency|add_development_dependency)\b\s*\(?(.*?)\)?$/;

export function readGemspec(source: string): GemData {
  const statements = rubyStatements(source);
  const constants = rubyConstants(statements);
  const gem: GemData = { name: null, version: null, metadata: {}, dependencies: [] };
  const list = (v: string) => stringLiterals(v).map((x) => x.trim()).filter(Boolean);
  for (const { attr, key, value } of rubyAssignments(statements)) {
    const v = rubyValue(value, constants);
    if (attr === 'name') gem.name = v;
    else if (attr === 'version') gem.version = v;
    else if (attr === 'summary') gem.summary = v;
    else if (attr === 'description') gem.description = v;
    else if (attr === 'homepage') gem.homepage = v;
    else if (attr === 'platform') gem.platform = v;
    else if (attr === 'date') gem.date = v;
    else if (attr === 'authors' || attr === 'author') gem.authors = [...(gem.authors ?? []), ...list(value)];
    else if (attr === 'email') gem.emails = list(value);
    else if (attr === 'license' || attr === 'licenses') gem.licenses = [...(gem.licenses ?? []), ...list(value)];
    else if (attr === 'metadata' && key && v) gem.metadata = { ...gem.metadata, [key]: v };
    else if (attr === 'metadata') gem.metadata = { ...gem.metadata, ...Object.fromEntries(rubyHashPairs(value)) };
  }
  const seen = new Set<string>();
  for (const { text } of statements) {
    const m = DEPENDENCY_CALL.exec(text);
    const args = m ? stringLiterals(m[2]) : [];
    if (!m || !args.length) continue;
    const dep: GemDependency = { name: args[0], type: m[1] === 'add_development_dependency' ? 'development' : 'runtime', requirements: args.slice(1) };
    // Generated specs repeat each call in both branches of a `respond_to?` check: first one wins.
    if (!seen.has(dep.name)) gem.dependencies?.push(dep);
    seen.add(dep.name);
  }
  return gem;
}

export function parseGemspec(content: Buffer, datasourceId: string): PackageData[] {
  const text = content.toString('utf8');
  if (text.includes('\u0000')) throw new Error('not a gemspec: binary content');
  if (!/Specification\.new/.test(text)) throw new Error('not a gemspec: no Gem::Specification.new block');
  return [buildGemPackageData(readGemspec(text), datasourceId)];
}

const INSTALLED_PATTERN = '*/specifications/*.gemspec';

export const gemspecHandler: DatafileHandler = {
  datasourceId: 'gemspec',
  pathPatterns: ['*.gemspec'],
  ...GEM_COMMON,
  description: 'RubyGems gemspec manifest',
  documentationUrl: 'https://guides.rubygems.org/specification-reference/',
  // Installed specifications have their own datasource (ScanCode picks the more specific one).
  accepts: (_head, path) => !fnmatch(path.startsWith('/') ? path : `/${path}`, INSTALLED_PATTERN),
  parse: ({ content }) => parseGemspec(content, 'gemspec'),
  assemble: assembleGemProject,
};

/** Standalone specs of installed gems: each its own package, linked to its datafile only. */
export const installedGemspecHandler: DatafileHandler = {
  datasourceId: 'gem_gemspec_installed_specifications',
  pathPatterns: [INSTALLED_PATTERN],
  ...GEM_COMMON,
  description: 'RubyGems gemspec manifest - installed vendor/bundle/specifications layout',
  documentationUrl: 'https://guides.rubygems.org/specification-reference/',
  parse: ({ content }) => parseGemspec(content, 'gem_gemspec_installed_specifications'),
};
