import { posix } from 'node:path';
import { RESOURCE_STATUS, type PackageRecord } from '@sca/contracts';
import { normalizePackage } from '@sca/formats';
import { checksumDiffers, type AssemblyMessage, type InstalledFile, type InstalledPackage } from '@sca/scanner';
import type { StepContext } from '../../framework/step-context';

/** A root whose installed packages are read: a rootfs directory or an extracted layer. */
export interface SystemRoot {
  /** The root directory, relative to codebase/. */
  codebaseDir: string;
  /** The tag its packages get (the layer tag; empty for a rootfs). */
  tag: string;
}

export interface RootInstalledPackage {
  installed: InstalledPackage;
  root: SystemRoot;
  /** Codebase paths the package database links to the package (`<root name>/…`), from the assembly. */
  linkedPaths: string[];
}

/** Packages handled per round of lookups and inserts. */
const BATCH = 200;

/** The resource path (relative to codebase/) of a path installed in a root (`/usr/bin/x`). */
function resourcePathOf(root: SystemRoot, installedPath: string): string {
  return posix.join(root.codebaseDir, installedPath.replace(/^\/+/, ''));
}

/** The resource path of an assembly path (`<root dir name>/…`): the root's parent joined to it. */
function resourcePathOfLink(root: SystemRoot, linked: string): string {
  const parent = posix.dirname(root.codebaseDir);
  return parent === '.' ? linked : posix.join(parent, linked);
}


/**
 * ScanCode.io's system package creation: each installed package becomes a package (with the
 * root's tag). The files its database installed and the toolkit found in the root (not a
 * symlink: those are its missing_file_references) are looked up at their path in the same root;
 * found, the resource joins the package and gets `system-package` (and the path goes to
 * modified_resources when a checksum differs); not found as a resource, the path goes to
 * missing_resources. The package's own datafiles join it too (md5sums, list, copyright), but
 * not the installed database every package of the root shares (its first datafile), as
 * ScanCode.io links them. Lookups, inserts and links are made in bulk, a batch of packages at
 * a time.
 */
export async function saveSystemPackages(ctx: StepContext, found: RootInstalledPackage[], model: string): Promise<{ packages: number; linked: number }> {
  let packages = 0;
  let linked = 0;
  for (let i = 0; i < found.length; i += BATCH) {
    ctx.throwIfStopped();
    const batch = found.slice(i, i + BATCH);
    const wanted = batch.flatMap((f) => [...presentFiles(f).map((file) => resourcePathOf(f.root, file.path)), ...ownDatafiles(f).map((p) => resourcePathOfLink(f.root, p))]);
    const existing = new Map((await ctx.rootfsResources.checksumsAt([...new Set(wanted)])).map((r) => [r.path, r]));
    const records: PackageRecord[] = [];
    const links: { path: string; package_uid: string }[] = [];
    for (const f of batch) {
      const record = await packageRecord(ctx, f, model);
      if (!record) continue;
      const members = new Set<string>();
      for (const file of presentFiles(f)) {
        const resource = existing.get(resourcePathOf(f.root, file.path));
        if (!resource) {
          if (!record.missing_resources.includes(file.path)) record.missing_resources.push(file.path);
          continue;
        }
        members.add(resource.path);
        if (checksumDiffers(file, resource) && !record.modified_resources.includes(file.path)) record.modified_resources.push(file.path);
      }
      for (const p of ownDatafiles(f)) if (existing.has(resourcePathOfLink(f.root, p))) members.add(resourcePathOfLink(f.root, p));
      records.push(record);
      for (const path of members) links.push({ path, package_uid: record.package_uid });
    }
    packages += await ctx.packages.insert(records);
    await ctx.packages.linkResources(links);
    linked += await ctx.resources.setStatus([...new Set(links.map((l) => l.path))], RESOURCE_STATUS.systemPackage);
  }
  return { packages, linked };
}

/** The installed files the package database names and the root holds. */
function presentFiles(f: RootInstalledPackage): InstalledFile[] {
  const missing = new Set(f.installed.missingFiles);
  return f.installed.installedFiles.filter((file) => !missing.has(file.path));
}

/** What the assembly linked to the package, but the shared installed database (its first datafile). */
function ownDatafiles(f: RootInstalledPackage): string[] {
  const database = f.installed.package.datafile_paths[0];
  return f.linkedPaths.filter((p) => p !== database);
}

async function packageRecord(ctx: StepContext, f: RootInstalledPackage, model: string): Promise<PackageRecord | null> {
  for (const item of normalizePackage(f.installed.package as unknown as Record<string, unknown>, (x) => x, 0)) {
    if (item.kind === 'package') return { ...item.record, tag: f.root.tag, missing_resources: [], modified_resources: [] };
    if (item.kind === 'problem') await ctx.messages.add({ severity: item.severity, description: item.message, model, details: item.details });
  }
  return null;
}

/** Problems the package databases gave (unreadable, unparsable): one message each; missing files are in missing_resources instead. */
export async function reportDatabaseMessages(ctx: StepContext, messages: AssemblyMessage[], model: string): Promise<void> {
  const errors = messages.filter((m) => m.severity === 'error');
  if (errors.length === 0) return;
  await ctx.messages.addMany(errors.map((m) => ({ severity: m.severity, description: m.description, model, details: { resource_path: m.path } })));
}
