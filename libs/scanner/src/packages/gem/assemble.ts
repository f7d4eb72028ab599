/**
 * RubyGems project assembly (ScanCode BaseGemProjectHandler): a .gemspec, Gemfile and
 * Gemfile.lock in one directory make one package, assigned to the whole directory tree.
 */
import { assembleFromManyDatafiles, datafileDir, type AssemblyContext } from '../assembly';

export function assembleGemProject(ctx: AssemblyContext, path: string): void {
  assembleFromManyDatafiles(ctx, datafileDir(path), ['*.gemspec', 'Gemfile', 'Gemfile.lock'], { linkTree: true });
  // A Gemfile-* / *.gemfile variant is not among the family's names: it stands on its own.
  if (!ctx.isProcessed(path)) {
    const data = ctx.codebase.packageData(path);
    for (const pd of data) ctx.addDependencies(pd, path, null);
    ctx.markProcessed(path);
  }
}
