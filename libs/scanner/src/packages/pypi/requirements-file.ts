/**
 * pip requirements files, read like pip-requirements-parser does for ScanCode (without
 * following `-r`/`-c` includes, which are recorded as options): option lines, requirement lines
 * with hashes, editable and URL requirements, environment markers.
 */
import { canonicalName, parseRequirement, pinnedVersion, type Requirement } from './requirement';

export interface RequirementLine {
  name: string | null;
  requirement: Requirement | null;
  /** The requirement as ScanCode dumps it. */
  text: string;
  pinnedVersion: string | null;
  flags: {
    is_editable: boolean;
    link: string | null;
    hash_options: string[];
    is_constraint: boolean;
    is_archive: boolean;
    is_wheel: boolean;
    is_url: boolean;
    is_vcs_url: boolean;
    is_name_at_url: boolean;
    is_local_path: boolean;
  };
}

export interface RequirementsFile {
  requirements: RequirementLine[];
  options: Record<string, unknown>;
}

const LIST_OPTIONS: Record<string, string> = {
  '-r': 'requirements', '--requirement': 'requirements', '-c': 'constraints', '--constraint': 'constraints',
  '--extra-index-url': 'extra_index_urls', '-f': 'find_links', '--find-links': 'find_links',
  '--trusted-host': 'trusted_hosts', '--use-feature': 'use_features',
};
const VALUE_OPTIONS: Record<string, string> = { '-i': 'index_url', '--index-url': 'index_url', '--no-binary': 'no_binary', '--only-binary': 'only_binary', '--prefer-binary': 'prefer_binary' };
const FLAG_OPTIONS: Record<string, string> = { '--pre': 'pre', '--no-index': 'no_index', '--require-hashes': 'require_hashes' };
const ARCHIVE = /\.(zip|tar\.gz|tgz|tar\.bz2|tbz|tar\.xz|txz|tar|whl)$/i;

export function parseRequirementsFile(content: string): RequirementsFile {
  if (content.includes('\u0000')) throw new Error('binary content is not a requirements file');
  const out: RequirementsFile = { requirements: [], options: {} };
  const joined = content.replace(/\\\r?\n/g, ' ');
  for (const raw of joined.split(/\r?\n/)) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line) continue;
    const words = line.split(/\s+/);
    const [flag, inlineValue] = splitOption(words[0]);
    if (flag === '-e' || flag === '--editable') {
      out.requirements.push(urlRequirement(inlineValue ?? words.slice(1).join(' '), true));
    } else if (flag in LIST_OPTIONS || flag in VALUE_OPTIONS || flag in FLAG_OPTIONS) {
      const value = inlineValue ?? words[1] ?? null;
      if (flag in FLAG_OPTIONS) out.options[FLAG_OPTIONS[flag]] = true;
      else if (flag in VALUE_OPTIONS) out.options[VALUE_OPTIONS[flag]] = value;
      else ((out.options[LIST_OPTIONS[flag]] ??= []) as unknown[]).push(value);
    } else if (flag.startsWith('-')) {
      out.options[flag.replace(/^-+/, '').replace(/-/g, '_')] = inlineValue ?? words[1] ?? true;
    } else {
      out.requirements.push(requirementLine(line));
    }
  }
  return out;
}

function splitOption(word: string): [string, string | null] {
  const eq = word.indexOf('=');
  return word.startsWith('--') && eq > 0 ? [word.slice(0, eq), word.slice(eq + 1)] : [word, null];
}

function emptyFlags(): RequirementLine['flags'] {
  return { is_editable: false, link: null, hash_options: [], is_constraint: false, is_archive: false, is_wheel: false, is_url: false, is_vcs_url: false, is_name_at_url: false, is_local_path: false };
}

function requirementLine(line: string): RequirementLine {
  const hashes: string[] = [];
  const kept = line.replace(/\s*--hash[=\s]\s*(\S+)/g, (_m, h: string) => (hashes.push(h), '')).trim();
  if (/^(\.{0,2}\/|[a-z+]+:\/\/|file:)/i.test(kept) || (ARCHIVE.test(kept) && !kept.includes('@'))) return urlRequirement(kept, false, hashes);
  let req: Requirement | null = null;
  try {
    req = parseRequirement(kept);
  } catch {
    req = null;
  }
  const flags = emptyFlags();
  flags.hash_options = hashes;
  if (req?.url) {
    Object.assign(flags, urlFlags(req.url));
    flags.is_name_at_url = true;
  }
  return {
    name: req ? req.name : null,
    requirement: req,
    text: [kept, ...hashes.map((h) => `--hash=${h}`)].join(' '),
    pinnedVersion: req ? pinnedVersion(req.specifiers) : null,
    flags,
  };
}

function urlFlags(link: string): Partial<RequirementLine['flags']> {
  const path = link.split('#')[0];
  const isVcs = /^(git|hg|svn|bzr)\+/i.test(link);
  const isLocal = /^(\.{0,2}\/|file:)/i.test(link);
  return { link, is_vcs_url: isVcs, is_url: !isLocal && /^[a-z+]+:\/\//i.test(link), is_local_path: isLocal, is_archive: ARCHIVE.test(path), is_wheel: /\.whl$/i.test(path) };
}

function urlRequirement(link: string, editable: boolean, hashes: string[] = []): RequirementLine {
  const flags = { ...emptyFlags(), ...urlFlags(link), is_editable: editable, hash_options: hashes };
  const egg = /[#&]egg=([^&\s]+)/.exec(link);
  const wheel = /([^/]+?)-[^-/]+(-[^-/]+){2,3}\.whl$/i.exec(link.split('#')[0]);
  const name = egg ? egg[1].replace(/\[.*$/, '') : wheel ? wheel[1] : null;
  return { name, requirement: null, text: editable ? `--editable ${link}` : link, pinnedVersion: null, flags };
}

export function requirementPurlName(line: RequirementLine): string | null {
  return line.name ? canonicalName(line.name) : null;
}
