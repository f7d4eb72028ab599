/**
 * `cocoapods_podspec` (static read of the Ruby DSL, never run) and `cocoapods_podspec_json`
 * (ScanCode packagedcode/cocoapods.py PodspecHandler, PodspecJsonHandler).
 */
import type { DatafileHandler } from '../handler';
import { packageData, type DependencyInput, type PackageData, type Party } from '../package-data';
import { buildDescription } from '../gem/gem-data';
import { rubyAssignments, rubyConstants, rubyHashPairs, rubyStatements, rubyValue, stringLiterals } from '../gem/ruby-static';
import { assemblePods } from './assemble';
import { personFrom, podPurl, POD_COMMON, podUrls } from './common';

interface PodFields {
  name: string | null; version: string | null; summary: string | null; description: string | null; homepage: string | null;
  license: string | null; vcsUrl: string | null; downloadUrl: string | null; parties: Party[]; dependencies: DependencyInput[];
  extra: Record<string, unknown>;
}

function podPackageData(f: PodFields, datasourceId: string): PackageData {
  return packageData(datasourceId, {
    type: 'cocoapods', name: f.name, version: f.version, primary_language: 'Objective-C',
    description: buildDescription(f.summary, f.description), parties: f.parties, homepage_url: f.homepage,
    download_url: f.downloadUrl, vcs_url: f.vcsUrl, extracted_license_statement: f.license, extra_data: f.extra,
    ...podUrls(f.name, f.version, f.homepage, f.vcsUrl),
    dependencies: f.dependencies,
  });
}

function podDependency(name: string, requirements: string[]): DependencyInput {
  const exact = requirements.length === 1 ? /^=?\s*(\d[\w.]*)$/.exec(requirements[0].trim())?.[1] ?? null : null;
  return { purl: podPurl(name, exact), extracted_requirement: requirements.join(', ') || null, scope: 'dependencies', is_pinned: exact !== null };
}

export function parsePodspec(content: Buffer): PackageData[] {
  const text = content.toString('utf8');
  if (text.includes('\u0000') || !/Spec\.new/.test(text)) throw new Error('not a podspec: no Pod::Spec.new block');
  const statements = rubyStatements(text);
  const constants = rubyConstants(statements);
  const f: PodFields = { name: null, version: null, summary: null, description: null, homepage: null, license: null, vcsUrl: null, downloadUrl: null, parties: [], dependencies: [], extra: {} };
  for (const { attr, value } of rubyAssignments(statements)) {
    const v = rubyValue(value, constants);
    if (attr === 'name') f.name = v;
    else if (attr === 'version') f.version = v;
    else if (attr === 'summary') f.summary = v;
    else if (attr === 'description') f.description = v;
    else if (attr === 'homepage') f.homepage = v;
    else if (attr === 'license') f.license = rubyHashPairs(value).get('type') ?? v;
    else if (attr === 'source') {
      const pairs = rubyHashPairs(value);
      f.vcsUrl = pairs.get('git') ?? null;
      f.downloadUrl = pairs.get('http') ?? null;
    } else if (attr === 'author' || attr === 'authors') {
      const pairs = rubyHashPairs(value);
      const people = pairs.size ? [...pairs].map(([name, email]) => ({ name, email })) : stringLiterals(value).map(personFrom);
      f.parties.push(...people.map((p) => ({ type: 'person', role: 'author', name: p.name, email: p.email, url: null })));
    }
  }
  for (const { text: stmt } of statements) {
    const m = /^[a-z_]\w*\.dependency\s*\(?(.*?)\)?$/.exec(stmt);
    const args = m ? stringLiterals(m[1]) : [];
    if (args.length) f.dependencies.push(podDependency(args[0], args.slice(1)));
  }
  return [podPackageData(f, 'cocoapods_podspec')];
}

export function parsePodspecJson(content: Buffer): PackageData[] {
  let data: unknown;
  try {
    data = JSON.parse(content.toString('utf8'));
  } catch (e) {
    throw new Error(`invalid podspec.json: ${(e as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error('invalid podspec.json: not a JSON object');
  const d = data as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const obj = (v: unknown) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
  const source = obj(d['source']);
  const authors = d['authors'] ?? d['author'];
  const parties: Party[] = obj(authors)
    ? Object.entries(obj(authors) ?? {}).map(([name, email]) => ({ type: 'person', role: 'author', name, email: str(email), url: null }))
    : (Array.isArray(authors) ? authors : [authors]).map(str).filter((a): a is string => !!a).map((a) => ({ type: 'person', role: 'author', ...personFrom(a), url: null }));
  const deps = obj(d['dependencies']) ?? {};
  return [podPackageData({
    name: str(d['name']), version: str(d['version']), summary: str(d['summary']), description: str(d['description']), homepage: str(d['homepage']),
    license: obj(d['license']) ? str(obj(d['license'])?.['type']) : str(d['license']),
    vcsUrl: source ? str(source['git']) : str(d['source']), downloadUrl: source && !source['git'] ? str(source['http']) : null,
    parties,
    dependencies: Object.entries(deps).map(([name, reqs]) => podDependency(name, (Array.isArray(reqs) ? reqs : []).map(String))),
    extra: d['source'] !== undefined ? { source: d['source'] } : {},
  }, 'cocoapods_podspec_json')];
}

export const podspecHandler: DatafileHandler = {
  datasourceId: 'cocoapods_podspec',
  pathPatterns: ['*.podspec'],
  ...POD_COMMON,
  description: 'Cocoapods .podspec',
  documentationUrl: 'https://guides.cocoapods.org/syntax/podspec.html',
  parse: ({ content }) => parsePodspec(content),
  assemble: assemblePods,
};

export const podspecJsonHandler: DatafileHandler = {
  datasourceId: 'cocoapods_podspec_json',
  pathPatterns: ['*.podspec.json'],
  ...POD_COMMON,
  description: 'Cocoapods .podspec.json',
  documentationUrl: 'https://guides.cocoapods.org/syntax/podspec.html',
  parse: ({ content }) => parsePodspecJson(content),
};
