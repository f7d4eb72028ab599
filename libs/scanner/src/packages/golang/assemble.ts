/**
 * Go assembly (ScanCode's BaseGoModuleHandler): go.mod then go.sum of one directory make one
 * package (go.sum adds its pinned dependencies), linked to the module's directory tree; nested
 * modules (a subdirectory with its own go.mod) and `vendor/` are left out.
 */
import { assembleFromManyDatafiles, datafileDir, type AssemblyContext } from '../assembly';
import { joinPath } from '../assembly';

export function assembleGo(ctx: AssemblyContext, path: string): void {
  const dir = datafileDir(path);
  const prune = (p: string) => p !== dir && ctx.codebase.typeOf(p) === 'directory' && (p.endsWith('/vendor') || p === 'vendor' || ctx.codebase.exists(joinPath(p, 'go.mod')));
  assembleFromManyDatafiles(ctx, dir, ['go.mod', 'go.sum'], { linkTree: true, prune });
}
