/**
 * Conda: recipe meta.yaml (Jinja `{% set %}` variables substituted statically, then YAML) and
 * environment / conda YAML files (conda and pip dependencies), as ScanCode's conda.py reads them.
 */
import { parse as parseYaml } from 'yaml';
import type { DatafileHandler } from '../handler';
import { dependencyPurl, packageData, type DependencyInput } from '../package-data';
import { linkTree, datafileDir } from '../assembly/helpers';
import { parentPath, type AssemblyContext } from '../assembly';
import { canonicalName, parseRequirement, pinnedVersion, specifierString } from '../pypi/requirement';

type Table = Record<string, unknown>;

function loadYaml(text: string, what: string): Table {
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (e) {
    throw new Error(`invalid ${what} YAML: ${(e as Error).message.split('\n')[0]}`);
  }
  if (data === null || data === undefined) return {};
  if (typeof data !== 'object' || Array.isArray(data)) throw new Error(`${what} is not a YAML mapping`);
  return data as Table;
}

/** ScanCode's get_meta_yaml_data: `{% set x = "v" %}` lines define variables, `{{ x }}` / `{{ x|lower }}` use them; other template lines are dropped. */
export function metaYamlText(text: string): string {
  const vars = new Map<string, string>();
  const lines: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const pure = line.trim();
    if (pure.startsWith('{%') && pure.endsWith('%}')) {
      const m = /^\{%-?\s*set\s+([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*-?%\}$/.exec(pure);
      if (m) vars.set(m[1], m[2].replace(/^["']|["']$/g, ''));
      // Other statements ({% if %}...) are not YAML either; ScanCode would fail on them.
      continue;
    }
    let out = line;
    if (out.includes('{{') && out.includes('}}')) {
      out = out.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*(\|\s*lower\s*)?\}\}/g, (all, name: string, lower?: string) => {
        const v = vars.get(name);
        return v === undefined ? all : lower ? v.toLowerCase() : v;
      });
    }
    if (!out.includes('{{')) lines.push(out);
  }
  return lines.join('\n');
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null;
}

function metaYamlDependencies(requirements: Table): { deps: DependencyInput[]; extraData: Table } {
  const deps: DependencyInput[] = [];
  const extraData: Table = {};
  for (const [scope, reqs] of Object.entries(requirements)) {
    for (const req of Array.isArray(reqs) ? reqs : []) {
      if (typeof req !== 'string') continue;
      const space = req.indexOf(' ');
      let name = space < 0 ? req : req.slice(0, space);
      let requirement: string | null = space < 0 ? '' : req.slice(space + 1);
      let version = requirement.startsWith('==') ? requirement.slice(2) : null;
      let namespace: string | null = null;
      if (name.includes('::')) [namespace, name] = name.split('::') as [string, string];
      let isPinned = false;
      if (name.includes('=')) {
        [name, version] = name.split('=') as [string, string];
        isPinned = true;
        requirement = `=${version}`;
      }
      if (name === 'pip' || name === 'python') {
        ((extraData[scope] ??= []) as string[]).push(req);
        continue;
      }
      const runtime = scope.includes('run');
      deps.push({ purl: dependencyPurl('conda', namespace, name, version), extracted_requirement: requirement, scope, is_runtime: runtime, is_optional: !runtime, is_pinned: isPinned, is_direct: true });
    }
  }
  return { deps, extraData };
}

/** The package root of a recipe: above `info/recipe/...` or `conda.recipe/`, else the recipe's directory. */
function condaRoot(path: string): string {
  for (const tail of ['info/recipe.tar-extract/recipe/meta.yaml', 'info/recipe/recipe/meta.yaml', 'conda.recipe/meta.yaml', 'info/recipe/meta.yaml']) {
    if (path === tail || path.endsWith(`/${tail}`)) {
      let root: string | null = path;
      for (let i = 0; i < tail.split('/').length && root !== null; i++) root = parentPath(root);
      return root ?? '';
    }
  }
  return datafileDir(path);
}

function assembleMetaYaml(ctx: AssemblyContext, path: string): void {
  const data = ctx.codebase.packageData(path).find((pd) => pd.purl);
  ctx.markProcessed(path);
  if (!data) return;
  const pkg = ctx.createPackage(data, path);
  ctx.addDependencies(data, path, pkg);
  ctx.link(path, pkg);
  linkTree(ctx, pkg, condaRoot(path));
}

export const condaMetaYamlHandler: DatafileHandler = {
  datasourceId: 'conda_meta_yaml',
  pathPatterns: ['*/meta.yaml'],
  defaultPackageType: 'conda',
  defaultPrimaryLanguage: null,
  description: 'Conda meta.yml manifest',
  documentationUrl: 'https://docs.conda.io/',
  parse: ({ content }) => {
    const meta = loadYaml(metaYamlText(content.toString('utf8')), 'meta.yaml');
    const pkg = (meta['package'] ?? {}) as Table;
    const source = (meta['source'] ?? {}) as Table;
    const about = (meta['about'] ?? {}) as Table;
    const { deps, extraData } = metaYamlDependencies((meta['requirements'] ?? {}) as Table);
    return [packageData('conda_meta_yaml', {
      type: 'conda', name: str(pkg['name']), version: str(pkg['version']), download_url: str(source['url']),
      homepage_url: str(about['home']), vcs_url: str(about['dev_url']), description: str(about['summary']),
      sha256: str(source['sha256']), extracted_license_statement: str(about['license']), dependencies: deps, extra_data: extraData,
    })];
  },
  assemble: assembleMetaYaml,
};

/** dparse2's parse_requirement_line: a PEP 508 requirement, else null. */
function pep508(line: string) {
  try {
    return parseRequirement(line);
  } catch {
    return null;
  }
}

function pypiDependency(line: string): DependencyInput | null {
  const req = pep508(line);
  if (!req) return null;
  const specs = specifierString(req.specifiers);
  const version = specs.startsWith('==') && req.specifiers.length === 1 ? pinnedVersion(req.specifiers) : null;
  return { purl: dependencyPurl('pypi', null, canonicalName(req.name), version), extracted_requirement: specs, scope: 'dependencies', is_runtime: true, is_optional: false, is_pinned: version !== null, is_direct: true };
}

export function condaYamlDependencies(data: Table): DependencyInput[] {
  const out: DependencyInput[] = [];
  for (const dep of Array.isArray(data['dependencies']) ? data['dependencies'] : []) {
    if (typeof dep === 'string') {
      let spec = dep;
      let namespace: string | null = null;
      if (spec.includes('::')) {
        [namespace, spec] = spec.split('::') as [string, string];
        if (namespace.includes('/') || namespace.includes(':')) namespace = null;
      }
      let d = pypiDependency(spec);
      if (!d) {
        let version: string | null = null;
        let requirement: string | null = null;
        if (spec.includes('=')) [spec, version] = spec.split('=') as [string, string];
        if (version !== null) requirement = `=${version}`;
        d = { purl: dependencyPurl('conda', namespace, spec, version), extracted_requirement: requirement, scope: 'dependencies', is_runtime: true, is_optional: false, is_pinned: version !== null, is_direct: true };
      }
      const name = d.purl ? d.purl.replace(/^pkg:[^/]+\/(?:[^/]+\/)?/, '').replace(/@.*$/, '') : '';
      if (name !== 'pip' && name !== 'python') out.push(d);
    } else if (dep && typeof dep === 'object') {
      const pip = (dep as Table)['pip'];
      for (const line of Array.isArray(pip) ? pip : []) {
        const d = typeof line === 'string' ? pypiDependency(line) : null;
        if (d) out.push(d);
      }
    }
  }
  return out;
}

export const condaYamlHandler: DatafileHandler = {
  datasourceId: 'conda_yaml',
  // ScanCode's patterns, plus the `.yml` spellings conda itself accepts (environment.yml).
  pathPatterns: ['*conda*.yaml', '*env*.yaml', '*environment*.yaml', '*conda*.yml', '*environment*.yml'],
  defaultPackageType: 'conda',
  defaultPrimaryLanguage: 'Python',
  description: 'Conda yaml manifest',
  // `*conda*.yaml` also matches `conda.recipe/meta.yaml`, a recipe (Jinja) and not an environment file.
  accepts: (_head, path) => !path.endsWith('/meta.yaml') && path !== 'meta.yaml',
  documentationUrl: 'https://docs.conda.io/',
  parse: ({ content }) => {
    const data = loadYaml(content.toString('utf8'), 'conda environment');
    const deps = condaYamlDependencies(data);
    const name = str(data['name']);
    if (!name && !deps.length) return [];
    const extraData: Table = {};
    if (Array.isArray(data['channels']) && data['channels'].length) extraData['channels'] = data['channels'];
    return [packageData('conda_yaml', { type: 'conda', name, primary_language: 'Python', dependencies: deps, extra_data: extraData, is_private: true })];
  },
};
