import { cp, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { RESOURCE_STATUS } from '@sca/contracts';
import {
  alignNamespacesWithDistro, archiveKind, distroCheckMessage, distroOfRootfs, extractArchive, installedPackagesOfRoot, readArchiveHead, type DistroRecord,
} from '@sca/scanner';
import { defineStep } from '../../framework/define';
import type { StepContext } from '../../framework/step-context';
import { collectCodebaseResources, type ResourcePlacement } from '../codebase/collect-resources.step';
import { loadRunState, saveRunState } from '../../framework/run-state';
import { extractVmInput } from './vm-input';
import { detectSystemPackageLicenses } from './system-package-licenses';
import { reportDatabaseMessages, saveSystemPackages } from './system-packages';
import { extractionMessages } from '../codebase/extraction-messages';

const EXTRACT_SUFFIX = '-extract';

/** One root filesystem of the run: a top-level directory of codebase/ and its distro (null: none found). */
interface RunRootfs {
  name: string;
  distro: DistroRecord | null;
}

const loadRootfs = (ctx: StepContext): Promise<RunRootfs[]> => loadRunState<RunRootfs[]>(ctx, 'root-filesystems', 'find_root_filesystems');

export const extractInputFilesToCodebaseDirectory = defineStep({
  name: 'extract_input_files_to_codebase_directory',
  doc: 'Extract root filesystem input archives with extractcode.',
  async run(ctx) {
    // The workers start and build their license index while the inputs are extracted.
    ctx.scanPool().warmUp();
    for (const name of (await readdir(ctx.dirs.input)).sort()) {
      ctx.throwIfStopped();
      const input = join(ctx.dirs.input, name);
      const target = join(ctx.dirs.codebase, `${name}${EXTRACT_SUFFIX}`);
      if (await extractVmInput(ctx, input, target)) continue;
      if (!archiveKind(input, await readArchiveHead(input))) {
        await cp(input, join(ctx.dirs.codebase, name), { recursive: true, verbatimSymlinks: true });
        continue;
      }
      // One level only: archives inside the file system stay archives (package-scanned as files).
      const result = await extractArchive(input, target, { signal: ctx.signal, absoluteSymlinks: 'root-relative' });
      if (result.problems.length === 0) continue;
      await ctx.messages.addMany(extractionMessages(result.problems, name, 'extract_archive'));
    }
  },
});

export const findRootFilesystems = defineStep({
  name: 'find_root_filesystems',
  doc: 'Find root filesystems in the project\'s codebase/.',
  async run(ctx) {
    const roots: RunRootfs[] = [];
    for (const entry of (await readdir(ctx.dirs.codebase, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (!entry.isDirectory()) continue;
      const distro = await ctx.messages.saveErrors(ctx.run.pipeline_name, { resource_path: entry.name }, () => distroOfRootfs(join(ctx.dirs.codebase, entry.name)));
      roots.push({ name: entry.name, distro: distro ?? null });
    }
    ctx.log(`${roots.length} root filesystem(s) found`);
    await saveRunState(ctx, 'root-filesystems', roots);
  },
});

export const collectRootfsInformation = defineStep({
  name: 'collect_rootfs_information',
  doc: 'Collect and stores rootfs information on the project.',
  async run(ctx) {
    const roots = await loadRootfs(ctx);
    await ctx.updateProjectExtraData({ root_filesystems: roots.map((r) => ({ name: r.name, distro: r.distro ?? {} })) });
  },
});

/** Each root filesystem's entries with their path inside it; what lies beside them in codebase/ is not collected. */
function rootfsPlacement(roots: RunRootfs[]): ResourcePlacement {
  const names = new Set(roots.map((r) => r.name));
  return (path) => {
    const slash = path.indexOf('/');
    const top = slash < 0 ? path : path.slice(0, slash);
    if (!names.has(top)) return null;
    return { tag: '', rootfs_path: slash < 0 ? '/' : path.slice(slash) };
  };
}

export const collectRootfsResources = defineStep({
  name: 'collect_and_create_codebase_resources',
  doc: 'Collect and label all image files as CodebaseResource.',
  codebaseFinal: true,
  async run(ctx) {
    const n = await collectCodebaseResources(ctx, rootfsPlacement(await loadRootfs(ctx)));
    ctx.log(`${n} codebase resources created`);
  },
});

export const collectRootfsSystemPackages = defineStep({
  name: 'collect_and_create_system_packages',
  doc: 'Collect installed system packages for each rootfs based on the distro.',
  async run(ctx) {
    const model = 'collect_and_create_system_packages';
    for (const root of await loadRootfs(ctx)) {
      const problem = distroCheckMessage(root.distro);
      if (problem) {
        // ScanCode.io's save_errors: the pipeline as model, no details.
        await ctx.messages.error(ctx.run.pipeline_name, problem, {});
        continue;
      }
      const rootDir = join(ctx.dirs.codebase, root.name);
      const found = await installedPackagesOfRoot(rootDir, { licenses: false });
      await reportDatabaseMessages(ctx, found.messages, model);
      await detectSystemPackageLicenses(ctx, found.packages, () => rootDir);
      alignNamespacesWithDistro(found.packages, root.distro?.identifier ?? null);
      const systemRoot = { codebaseDir: root.name, tag: '' };
      const saved = await saveSystemPackages(ctx, found.packages.map((p) => ({ installed: p, root: systemRoot, linkedPaths: p.linkedPaths })), model);
      ctx.log(`${root.name}: ${saved.packages} system package(s), ${saved.linked} file(s) linked`);
    }
  },
});

export const matchNotAnalyzedToSystemPackages = defineStep({
  name: 'match_not_analyzed_to_system_packages',
  doc: 'Match files with "not-yet-analyzed" status to files already belonging to system packages.',
  async run(ctx) {
    const n = await ctx.rootfsResources.linkSameChecksumsToPackages(RESOURCE_STATUS.systemPackage);
    ctx.log(`${n} file(s) matched to system packages by checksum`);
  },
});
