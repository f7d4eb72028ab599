import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { normalizeDependency, normalizePackage, type InventoryDependency } from '@sca/formats';
import { RESOURCE_STATUS, type PackageRecord, type ResourceStatus } from '@sca/contracts';
import { BatchWriter } from '@sca/persistence';
import {
  assemblePackages, CodebaseView, handlersById, licenseStatementText, resolveStatically, type CodebaseEntry,
  tasksInFlight, type Dependency, type FileScanOutput, type Package, type PackageData,
} from '@sca/scanner';
import { ensureAllWritten } from '../../framework/run-step';
import type { StepContext } from '../../framework/step-context';
import { forEachConcurrent } from './concurrent';
import { packageScanHandlers, packageScanOptions, packageScanTask } from './package-scan-plan';

export interface PackageScanOptions {
  /** ScanCode's package_only: every handler (system ones too), statements left undetected. */
  packageOnly: boolean;
  model: string;
  /** Which resources are scanned: those without a status (default) or the manifest inputs. */
  resources?: 'no-status' | 'manifests';
  /** Keep the assembly (with the lockfiles' locked packages) for a static resolution step. */
  keepForResolution?: boolean;
}

/** The assembly of the last package scan, kept for the static resolution step. */
const ASSEMBLY_FILE = 'package-assembly.json';

const UPDATE_BATCH = 1000;
const LINK_BATCH = 5000;
const LINK_WRITERS = 2;

interface DatafileUpdate {
  path: string;
  package_data: Record<string, unknown>[];
  status: ResourceStatus;
}

/**
 * ScanCode.io's scan_for_application_packages: datafiles among the resources without a status
 * are parsed in the worker pool (status `application-package`, or `scanned-with-error` with
 * messages); then the assembly pass creates packages, dependencies and file links in bulk.
 */
export async function scanForApplicationPackages(ctx: StepContext, opts: PackageScanOptions): Promise<void> {
  const handlers = packageScanHandlers(opts);
  const options = packageScanOptions(ctx, opts);
  // Scans collection started under these options (see collectCodebaseResources): a file that got a
  // status since (empty, ignored) is simply not asked for.
  const carried = ctx.packageScans.take(options);
  const pool = ctx.scanPool();
  const codebase = await ctx.codebase();
  const messages = ctx.messages.batch();
  const datafiles = new BatchWriter<DatafileUpdate>(UPDATE_BATCH, (rows) => ctx.resources.update(rows, ['package_data', 'status']));
  // What the datafiles' rows get, kept for the assembly: it need not read back what was just written.
  const found = new Map<string, PackageData[]>();
  const candidates = (async function* () {
    // Manifests flagged by get_manifest_inputs and not parsed yet, or every file without a status.
    const rows = opts.resources === 'manifests' ? ctx.resources.filesWithStatusAndNoPackageData(RESOURCE_STATUS.applicationPackage) : ctx.resources.withoutStatus({ filesOnly: true });
    for await (const r of rows) {
      const task = packageScanTask(codebase, handlers, r.path, options);
      if (task) yield task;
    }
  })();
  await forEachConcurrent(
    candidates,
    tasksInFlight(pool, options),
    async (task): Promise<FileScanOutput> => (await carried?.get(task.path)) ?? pool.scan(task),
    async (task, out) => {
      ctx.throwIfStopped();
      const data = out.package_data ?? [];
      if (out.scan_errors.length > 0) await messages.scanErrors(opts.model, task.path, out.scan_errors);
      if (data.length === 0 && out.scan_errors.length === 0) return;
      if (data.length > 0) found.set(task.path, data);
      await datafiles.add({ path: task.path, package_data: data as unknown as Record<string, unknown>[], status: out.scan_errors.length > 0 ? RESOURCE_STATUS.scannedWithError : RESOURCE_STATUS.applicationPackage });
    },
  );
  // The last rows are written while the codebase's other resources are read for the assembly, on two connections.
  const [, view] = await Promise.all([datafiles.flush().then(() => messages.flush()), codebaseView(ctx, found)]);
  ensureAllWritten(opts.model, 'package datafile', datafiles);
  ctx.log(`${datafiles.written} package datafile(s) found`);
  await assembleAndSave(ctx, opts, view);
}

/** Every resource with its package data: the datafiles just scanned from `found`, the others' as stored. */
async function codebaseView(ctx: StepContext, found: Map<string, PackageData[]>): Promise<CodebaseView> {
  const entries: CodebaseEntry[] = [];
  for await (const r of ctx.resources.withPackageData([...found.keys()])) {
    entries.push({ path: r.path, type: r.type, packageData: found.get(r.path) ?? (r.package_data as unknown as PackageData[] | null) ?? undefined });
  }
  const codebase = await ctx.codebase();
  return new CodebaseView(entries, (path) => codebase.read(path));
}

async function assembleAndSave(ctx: StepContext, opts: PackageScanOptions, view: CodebaseView): Promise<void> {
  const assembly = assemblePackages(view, handlersById());
  await ctx.messages.addMany(assembly.messages.map((m) => ({ severity: m.severity, description: m.description, model: 'assemble_package', details: { resource_path: m.path } })));
  const { packages, dependencies } = assembly;
  if (opts.packageOnly) await detectPackageLicenses(ctx, packages);
  if (opts.keepForResolution) await writeFile(join(ctx.dirs.tmp, ASSEMBLY_FILE), JSON.stringify({ packages, dependencies }));
  await savePackages(ctx, packages, opts.model);
  const links = [...assembly.links].flatMap(([path, uids]) => uids.map((package_uid) => ({ path, package_uid })));
  // The static resolution step that follows replaces every dependency of the assembly with its
  // resolved set: writing them here would only have them deleted a step later.
  const writeDependencies = opts.keepForResolution
    ? Promise.resolve()
    : saveDependencies(ctx, dependencies, opts.model);
  // Dependencies and file links both need only the packages: written side by side on the pool's
  // connections (the workers are idle now, so the database has the cores).
  await Promise.all([writeDependencies, linkResources(ctx, links)]);
  const written = opts.keepForResolution ? ' (left to the dependency resolution)' : '';
  ctx.log(`${packages.length} package(s), ${dependencies.length} dependencies${written}, ${links.length} file link(s)`);
}

/**
 * With package_only the datafiles' statements are left undetected, but ScanCode's assembly still
 * fills the license fields of each package it makes from its statement (populate_license_fields),
 * written out as text by then, and without a path (from_file null, as ScanCode.io's inspect_packages
 * shows): done here in the worker pool, whose threads hold the license index.
 */
async function detectPackageLicenses(ctx: StepContext, packages: Package[]): Promise<void> {
  const pending = packages.filter((p) => licenseStatementText(p.extracted_license_statement) && !p.declared_license_expression);
  const fields = await ctx.scanPool().licenseFields(pending.map((p) => ({ statement: licenseStatementText(p.extracted_license_statement), path: null, datasourceId: p.datasource_ids[0] })));
  pending.forEach((p, i) => Object.assign(p, fields[i]));
}

/**
 * Static resolution (StaticResolver) of the last package scan's assembly: locked packages become
 * packages, dependencies point at them, and only direct dependencies remain. The scan kept its
 * dependencies for this step instead of writing them; any a scan did write (an earlier attempt's)
 * are replaced by the resolved set.
 */
export async function resolveDependenciesStatically(ctx: StepContext, model: string): Promise<void> {
  let saved: { packages: Package[]; dependencies: Dependency[] };
  try {
    saved = JSON.parse(await readFile(join(ctx.dirs.tmp, ASSEMBLY_FILE), 'utf8')) as typeof saved;
  } catch {
    ctx.log('No package scan to resolve');
    return;
  }
  const known = new Set(saved.packages.map((p) => p.package_uid));
  const before = new Map(saved.packages.map((p) => [p.package_uid, JSON.stringify(p)]));
  const { packages, dependencies, links } = resolveStatically(saved.packages, saved.dependencies, () => randomUUID());
  await savePackages(ctx, packages.filter((p) => !known.has(p.package_uid)), model);
  // With every package in, the rest needs only the packages: written side by side on the pool's
  // connections. Packages the assembly saved get their locked entries' fields (the checksum, the
  // download URL); file links and dependencies only read the packages' keys.
  await Promise.all([
    updatePackages(ctx, packages.filter((p) => known.has(p.package_uid) && before.get(p.package_uid) !== JSON.stringify(p)), model),
    linkResources(ctx, links),
    ctx.dependencies.deleteByUid(saved.dependencies.map((d) => d.dependency_uid)).then(() => saveDependencies(ctx, dependencies, model)),
  ]);
  const resolved = dependencies.filter((d) => d.resolved_to_package_uid).length;
  ctx.log(`${packages.length - known.size} package(s) from lockfiles, ${dependencies.length} direct dependencies (${resolved} resolved)`);
}

/**
 * Files' `for_packages` links, by path and package uid, two batches at a time: each row's lookups
 * and key checks keep one database core busy while this thread has little to do. The links are
 * distinct pairs, so two batches never wait on each other's rows.
 */
async function linkResources(ctx: StepContext, links: { path: string; package_uid: string }[]): Promise<void> {
  const batches: { path: string; package_uid: string }[][] = [];
  for (let i = 0; i < links.length; i += LINK_BATCH) batches.push(links.slice(i, i + LINK_BATCH));
  await forEachConcurrent(batches, LINK_WRITERS, (batch) => ctx.packages.linkResources(batch), () => undefined);
}

export async function savePackages(ctx: StepContext, packages: Package[], model: string): Promise<void> {
  const rows: PackageRecord[] = [];
  for (const [i, p] of packages.entries()) {
    // A structured statement (npm's license list) is stored as its YAML text, as ScanCode.io does.
    const record = { ...p, extracted_license_statement: licenseStatementText(p.extracted_license_statement) };
    for (const item of normalizePackage(record as unknown as Record<string, unknown>, (x) => x, i)) {
      if (item.kind === 'package') rows.push(item.record);
      else if (item.kind === 'problem') await ctx.messages.add({ severity: item.severity, description: item.message, model, details: item.details });
    }
  }
  for (let i = 0; i < rows.length; i += 2000) await ctx.packages.insert(rows.slice(i, i + 2000));
}

/** What static resolution may fill in a package the assembly saved. */
const RESOLVABLE_COLUMNS: (keyof PackageRecord)[] = [
  'md5', 'sha1', 'sha256', 'sha512', 'size', 'download_url', 'homepage_url', 'bug_tracking_url', 'code_view_url', 'vcs_url',
  'repository_homepage_url', 'repository_download_url', 'api_data_url', 'description', 'release_date', 'keywords', 'parties',
  'extracted_license_statement', 'declared_license_expression', 'declared_license_expression_spdx', 'license_detections', 'copyright', 'holder',
];

async function updatePackages(ctx: StepContext, packages: Package[], model: string): Promise<void> {
  const rows: PackageRecord[] = [];
  for (const [i, p] of packages.entries()) {
    for (const item of normalizePackage(p as unknown as Record<string, unknown>, (x) => x, i)) {
      if (item.kind === 'package') rows.push(item.record);
      else if (item.kind === 'problem') await ctx.messages.add({ severity: item.severity, description: item.message, model, details: item.details });
    }
  }
  for (let i = 0; i < rows.length; i += 2000) await ctx.packages.update(rows.slice(i, i + 2000), RESOLVABLE_COLUMNS);
}

export async function saveDependencies(ctx: StepContext, dependencies: Dependency[], model: string): Promise<void> {
  const ignored = ignoredScopes(ctx);
  const rows: InventoryDependency[] = [];
  for (const [i, d] of dependencies.entries()) {
    for (const item of normalizeDependency(d as unknown as Record<string, unknown>, (x) => x, i)) {
      if (item.kind === 'dependency') {
        if (!ignored.has(`${item.record.type}:${item.record.scope}`)) rows.push(item.record);
      } else if (item.kind === 'problem') await ctx.messages.add({ severity: item.severity, description: item.message, model, details: item.details });
    }
  }
  for (let i = 0; i < rows.length; i += 2000) await ctx.dependencies.insert(rows.slice(i, i + 2000));
}

/** Project setting `ignored_dependency_scopes`: `[{package_type, scope}]`. */
function ignoredScopes(ctx: StepContext): Set<string> {
  const raw = ctx.project.settings['ignored_dependency_scopes'];
  const list = Array.isArray(raw) ? (raw as { package_type?: unknown; scope?: unknown }[]) : [];
  return new Set(list.map((s) => `${String(s.package_type ?? '')}:${String(s.scope ?? '')}`));
}
