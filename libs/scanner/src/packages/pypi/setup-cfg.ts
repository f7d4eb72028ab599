/**
 * setup.cfg (ConfigParser INI): [metadata] name/version/license/url/author, [options]
 * install_requires / tests_require / setup_requires and [options.extras_require].
 */
import type { DatafileHandler } from '../handler';
import { dependencyPurl, packageData, type DependencyInput, type Party } from '../package-data';
import { assemblePythonLayout } from './assemble';
import { person } from './metainfo';
import { canonicalName, parseRequirement, pinnedVersion } from './requirement';
import { parseRequirementsFile } from './requirements-file';

/** A ConfigParser-style reader: `[section]`, `key = value` / `key: value`, indented continuations. */
export function parseIni(text: string): Map<string, Map<string, string>> {
  const sections = new Map<string, Map<string, string>>();
  let section: Map<string, string> | null = null;
  let lastKey: string | null = null;
  text.split(/\r?\n/).forEach((line, i) => {
    if (/^\s*[#;]/.test(line)) return;
    if (!line.trim()) {
      if (section && lastKey !== null) section.set(lastKey, section.get(lastKey) + '\n');
      return;
    }
    if (/^\s/.test(line) && section && lastKey !== null) {
      section.set(lastKey, `${section.get(lastKey)}\n${line.trim()}`);
      return;
    }
    const header = /^\[([^\]]+)\]\s*$/.exec(line);
    if (header) {
      section = sections.get(header[1]) ?? new Map();
      sections.set(header[1], section);
      lastKey = null;
      return;
    }
    const kv = /^([^=:]+?)\s*[=:]\s*(.*)$/.exec(line);
    if (!section) throw new Error(`setup.cfg line ${i + 1}: option outside of a section`);
    if (!kv) throw new Error(`setup.cfg line ${i + 1}: invalid line ${JSON.stringify(line.slice(0, 60))}`);
    lastKey = kv[1].trim().toLowerCase();
    section.set(lastKey, kv[2].trim());
  });
  for (const s of sections.values()) for (const [k, v] of s) s.set(k, v.trim());
  return sections;
}

const SCOPES: [string, string][] = [['install_requires', 'install'], ['tests_require', 'test'], ['setup_requires', 'setup']];

function requirementDependencies(value: string, scope: string): DependencyInput[] {
  const out: DependencyInput[] = [];
  for (const line of parseRequirementsFile(value).requirements) {
    let version: string | null = null;
    let name = line.name;
    try {
      const req = parseRequirement(line.text);
      version = pinnedVersion(req.specifiers);
      name = req.name;
    } catch {
      if (!name) continue;
    }
    if (!name) continue;
    out.push({ purl: dependencyPurl('pypi', null, canonicalName(name), version), scope, is_runtime: true, is_optional: false, is_pinned: version !== null, extracted_requirement: line.text });
  }
  return out;
}

export const setupCfgHandler: DatafileHandler = {
  datasourceId: 'pypi_setup_cfg',
  pathPatterns: ['*setup.cfg'],
  defaultPackageType: 'pypi',
  defaultPrimaryLanguage: 'Python',
  description: 'Python setup.cfg',
  documentationUrl: 'https://peps.python.org/pep-0390/',
  parse: ({ content }) => {
    const ini = parseIni(content.toString('utf8'));
    const deps: DependencyInput[] = [];
    const options = ini.get('options');
    for (const [key, scope] of SCOPES) {
      const value = options?.get(key);
      if (value) deps.push(...requirementDependencies(value, scope));
    }
    for (const [extra, value] of ini.get('options.extras_require') ?? []) deps.push(...requirementDependencies(value, extra));
    const meta = ini.get('metadata') ?? new Map<string, string>();
    const author = meta.get('author');
    const partyList: Party[] = author ? [person('author', author, meta.get('author_email'))] : [];
    let statement = meta.get('license') || null;
    const licenseFiles = meta.get('license_files');
    if (licenseFiles) statement = `${statement ?? ''} license_files: ${licenseFiles}`;
    // ScanCode keeps python_requires out of the package data for setup.cfg.
    return [packageData('pypi_setup_cfg', {
      type: 'pypi', name: meta.get('name') || null, version: meta.get('version') || null, parties: partyList,
      homepage_url: meta.get('url') || null, primary_language: 'Python', dependencies: deps, extracted_license_statement: statement,
    })];
  },
  assemble: assemblePythonLayout,
};
