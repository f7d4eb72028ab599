/**
 * CocoaPods assembly (ScanCode BasePodHandler.assemble): one .podspec in the directory merges
 * with Podfile.lock and Podfile into one package over the directory tree; with several podspecs
 * the first (in name order) does, and each other one is a package of its own datafile.
 */
import { assembleFromManyDatafiles, baseName, datafileDir, type AssemblyContext } from '../assembly';

export function assemblePods(ctx: AssemblyContext, path: string): void {
  const dir = datafileDir(path);
  const podspecs = ctx.codebase.children(dir).filter((p) => p.endsWith('.podspec') && ctx.codebase.packageData(p).length);
  const [main, ...others] = podspecs;
  assembleFromManyDatafiles(ctx, dir, [...(main ? [baseName(main)] : []), 'Podfile.lock', 'Podfile'], { linkTree: true });
  for (const p of others) {
    if (ctx.isProcessed(p)) continue;
    for (const pd of ctx.codebase.packageData(p)) {
      const pkg = pd.purl ? ctx.createPackage(pd, p) : null;
      if (pkg) ctx.link(p, pkg);
      ctx.addDependencies(pd, p, pkg);
    }
    ctx.markProcessed(p);
  }
  if (!ctx.isProcessed(path)) {
    // A prefixed name (`App.Podfile`) is not among the family's names: it stands on its own.
    for (const pd of ctx.codebase.packageData(path)) ctx.addDependencies(pd, path, null);
    ctx.markProcessed(path);
  }
}
