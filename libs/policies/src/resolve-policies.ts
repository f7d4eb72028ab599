/**
 * Which policies a run uses (ScanCode.io's `Project.get_policies_dict`), first found wins:
 * the project's `policies` setting, `input/policies.yml`, exactly one
 * `codebase/<dir>/policies.yml`, then the service-wide POLICIES_FILE.
 */
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { MessageInput } from '@sca/persistence';
import { loadPoliciesYaml, parsePolicies, type Policies } from '@sca/scanner';

export const POLICIES_FILENAME = 'policies.yml';

export type PolicySource = 'settings' | 'input' | 'codebase' | 'service';

export interface PolicyLookup {
  /** The project's settings; `policies` is a YAML text or a mapping. */
  settings: Record<string, unknown>;
  dirs: { root: string; input: string; codebase: string };
  /** The service-wide POLICIES_FILE, validated at runner start; null when not configured. */
  service: Policies | null;
  /** Model of the error message for a bad project policies document: the step that needed them. */
  model: string;
  report(message: MessageInput): Promise<void>;
}

export interface ResolvedPolicies {
  policies: Policies | null;
  source: PolicySource | null;
}

/** Django's EMPTY_VALUES: such a setting is not set. */
function isEmptySetting(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

/**
 * A regular file, not a symlink: an uploaded archive could otherwise point `policies.yml` at
 * any file of the runner, whose lines a YAML error message would then quote.
 */
async function isRegularFile(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => null))?.isFile() ?? false;
}

async function codebasePolicyFiles(codebase: string): Promise<string[]> {
  const entries = await readdir(codebase, { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  // Like Python's glob('*/policies.yml'): immediate subdirectories, hidden ones excluded.
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const path = join(codebase, entry.name, POLICIES_FILENAME);
    if (await isRegularFile(path)) found.push(path);
  }
  return found.sort();
}

/** A project's own policies file: input/policies.yml, else the only codebase/<dir>/policies.yml. */
async function projectPoliciesFile(lookup: PolicyLookup): Promise<{ path: string; source: PolicyFile['source'] } | null> {
  const input = join(lookup.dirs.input, POLICIES_FILENAME);
  if (await isRegularFile(input)) return { path: input, source: 'input' };
  const files = await codebasePolicyFiles(lookup.dirs.codebase);
  if (files.length === 1) return { path: files[0], source: 'codebase' };
  if (files.length > 1) {
    await lookup.report({
      severity: 'warning',
      description: `More than one ${POLICIES_FILENAME} found. Could not determine which one to use.`,
      model: 'Project',
      details: { resources: files.map((f) => relative(lookup.dirs.root, f)) },
    });
  }
  return null;
}

/** A project's own policies file, wherever it is kept (a run's scratch dirs, object storage). */
export interface PolicyFile {
  source: 'input' | 'codebase';
  /** Where the file is, relative to the project, for messages. */
  path: string;
  read(): Promise<string>;
}

/** What the resolution order needs to know about one project. */
export interface PolicySources {
  settings: Record<string, unknown>;
  /** `input/policies.yml`, else the only `codebase/<dir>/policies.yml`; null when there is none. */
  projectFile(): Promise<PolicyFile | null>;
  /** The service-wide POLICIES_FILE, validated at start; null when not configured. */
  service: Policies | null;
  /** Told about a project document that is not valid (a run records it as an error message). */
  invalid(description: string, where: Record<string, unknown>): Promise<void>;
}

/**
 * ScanCode.io's order over any sources. A bad project document is reported and means no
 * policies (not the service-wide ones, which the project meant to replace).
 */
export async function choosePolicies(sources: PolicySources): Promise<ResolvedPolicies> {
  const parsed = async (source: PolicySource, where: Record<string, unknown>, read: () => Promise<Policies>): Promise<ResolvedPolicies> => {
    try {
      return { policies: await read(), source };
    } catch (error) {
      await sources.invalid((error as Error).message, where);
      return { policies: null, source };
    }
  };
  const setting = sources.settings['policies'];
  if (!isEmptySetting(setting)) {
    return parsed('settings', { setting: 'policies' }, async () => (typeof setting === 'string' ? loadPoliciesYaml(setting) : parsePolicies(setting)));
  }
  const file = await sources.projectFile();
  if (file) return parsed(file.source, { path: file.path }, async () => loadPoliciesYaml(await file.read()));
  return { policies: sources.service, source: sources.service ? 'service' : null };
}

/** A run's policies, from its scratch directories; problems become messages of the step that asked. */
export function resolvePolicies(lookup: PolicyLookup): Promise<ResolvedPolicies> {
  return choosePolicies({
    settings: lookup.settings,
    service: lookup.service,
    projectFile: async () => {
      const file = await projectPoliciesFile(lookup);
      return file && { source: file.source, path: relative(lookup.dirs.root, file.path), read: () => readFile(file.path, 'utf8') };
    },
    invalid: (description, where) => lookup.report({ severity: 'error', description, model: lookup.model, details: where }),
  });
}
