/**
 * Cargo assembly (ScanCode CargoBaseHandler.assemble): Cargo.toml and Cargo.lock in one directory
 * make one package linked to its directory tree (nested crates excluded: they are their own
 * packages). A workspace member that declares `{ workspace = true }` fields gets them from the
 * nearest ancestor Cargo.toml with a [workspace] table, as Cargo itself looks the root up, so the
 * result does not depend on which datafile is assembled first.
 */
import { baseName, datafileDir, joinPath, linkTree, parentPath, type AssemblyContext, type Package } from '../assembly';
import { fnmatch } from '../fnmatch';
import { packageData, type PackageData, type PackageDataInput } from '../package-data';
import { cratesUrls, isTable, personParty, str, strings, type TomlTable } from './common';
import { copyJson } from '../copy-json';

const DATAFILE_NAMES = ['Cargo.toml', 'cargo.toml', 'Cargo.lock', 'cargo.lock'];
const MANIFEST_NAMES = ['Cargo.toml', 'cargo.toml'];

export function assembleCargo(ctx: AssemblyContext, path: string): void {
  const dir = datafileDir(path);
  const siblings = ctx.codebase.children(dir).filter((p) => ctx.codebase.typeOf(p) === 'file' && ctx.codebase.packageData(p).length);
  const datafiles = DATAFILE_NAMES.flatMap((n) => siblings.filter((p) => fnmatch(baseName(p), n)));
  if (!datafiles.includes(path)) datafiles.push(path);
  let pkg: Package | null = null;
  const effective = new Map<string, PackageData[]>();
  for (const file of datafiles) {
    const data = ctx.codebase.packageData(file).map((pd) => (pd.datasource_id === 'cargo_toml' ? inheritFromWorkspace(ctx, dir, pd) : pd));
    effective.set(file, data);
    for (const pd of data) {
      if (!pkg && pd.purl) pkg = ctx.createPackage(pd, file);
      else if (pkg) ctx.updatePackage(pkg, pd, file);
    }
  }
  for (const file of datafiles) {
    for (const pd of effective.get(file) ?? []) ctx.addDependencies(pd, file, pkg);
    ctx.markProcessed(file);
    if (pkg) ctx.link(file, pkg);
  }
  if (pkg) linkTree(ctx, pkg, dir, (p) => isNestedCrate(ctx, p));
}

function isNestedCrate(ctx: AssemblyContext, path: string): boolean {
  return ctx.codebase.typeOf(path) === 'directory' && MANIFEST_NAMES.some((n) => ctx.codebase.exists(joinPath(path, n)));
}

/** The [workspace] table of the nearest ancestor manifest that has one (the member's own dir excluded). */
function findWorkspace(ctx: AssemblyContext, dir: string): { table: TomlTable; root: PackageData } | null {
  for (let d = parentPath(dir); d !== null; d = parentPath(d)) {
    for (const name of MANIFEST_NAMES) {
      const root = ctx.codebase.packageData(joinPath(d, name)).find((pd) => pd.datasource_id === 'cargo_toml');
      const table = root?.extra_data['workspace'];
      if (root && isTable(table)) return { table, root };
    }
  }
  return null;
}

/** The member's package data with its `{ workspace = true }` fields and dependencies filled in. */
function inheritFromWorkspace(ctx: AssemblyContext, dir: string, pd: PackageData): PackageData {
  const inherited = Object.keys(pd.extra_data).filter((k) => pd.extra_data[k] === 'workspace');
  const inheritsDeps = pd.dependencies.some((d) => d.extra_data['workspace'] === true);
  if (!inherited.length && !inheritsDeps) return pd;
  const ws = isTable(pd.extra_data['workspace']) ? { table: pd.extra_data['workspace'], root: pd } : findWorkspace(ctx, dir);
  if (!ws) return pd;
  const shared = isTable(ws.table['package']) ? ws.table['package'] : {};
  const { datasource_id: _id, purl: _purl, ...input } = copyJson(pd);
  const out: PackageDataInput = input;
  const has = (field: string) => inherited.includes(field) && shared[field] !== undefined;
  if (has('version')) out.version = str(shared['version']);
  if (has('description')) out.description = str(shared['description']);
  if (has('homepage')) out.homepage_url = str(shared['homepage']);
  if (has('repository')) out.vcs_url = str(shared['repository']);
  if (has('authors')) out.parties = strings(shared['authors']).map((a) => personParty(a, 'author'));
  if (has('keywords') || has('categories')) out.keywords = [...strings(shared['keywords']), ...strings(shared['categories'])];
  if (has('license')) {
    out.extracted_license_statement = str(shared['license']);
    // The root's detection is reused only when it was made from the same statement.
    const same = ws.root.extracted_license_statement === out.extracted_license_statement;
    out.declared_license_expression = same ? ws.root.declared_license_expression : null;
    out.declared_license_expression_spdx = same ? ws.root.declared_license_expression_spdx : null;
    out.license_detections = same ? copyJson(ws.root.license_detections) : [];
  }
  Object.assign(out, cratesUrls(out.name ?? null, out.version ?? null));
  const wsDeps = isTable(ws.table['dependencies']) ? ws.table['dependencies'] : {};
  out.dependencies = pd.dependencies.map((d) => {
    if (d.extra_data['workspace'] !== true || d.extracted_requirement) return d;
    const spec = wsDeps[d.extra_data['rename'] as string] ?? wsDeps[nameOfPurl(d.purl)];
    const requirement = typeof spec === 'string' ? spec : isTable(spec) ? str(spec['version']) : null;
    return { ...d, extracted_requirement: requirement };
  });
  return packageData(pd.datasource_id, out);
}

function nameOfPurl(purl: string | null): string {
  return purl ? decodeURIComponent(purl.replace(/^pkg:cargo\//, '').split('@')[0]) : '';
}
