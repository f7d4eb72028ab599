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
async function projectPoliciesFile(lookup: PolicyLookup): Promise<{ path: string; source: PolicySource } | null> {
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

/**
 * A bad project document does not fail the run: it is reported as an error message and the
 * run goes on with policies disabled (not with the service-wide ones, which the project
 * meant to replace).
 */
async function parseOrReport(lookup: PolicyLookup, source: PolicySource, where: Record<string, unknown>, read: () => Promise<Policies>): Promise<ResolvedPolicies> {
  try {
    return { policies: await read(), source };
  } catch (error) {
    await lookup.report({ severity: 'error', description: (error as Error).message, model: lookup.model, details: where });
    return { policies: null, source };
  }
}

export async function resolvePolicies(lookup: PolicyLookup): Promise<ResolvedPolicies> {
  const setting = lookup.settings['policies'];
  if (!isEmptySetting(setting)) {
    return parseOrReport(lookup, 'settings', { setting: 'policies' }, async () => (typeof setting === 'string' ? loadPoliciesYaml(setting) : parsePolicies(setting)));
  }
  const file = await projectPoliciesFile(lookup);
  if (file) {
    return parseOrReport(lookup, file.source, { path: relative(lookup.dirs.root, file.path) }, async () => loadPoliciesYaml(await readFile(file.path, 'utf8')));
  }
  return { policies: lookup.service, source: lookup.service ? 'service' : null };
}
