import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { elfDefinedSymbols, isElfFileType } from '@sca/scanner';
import type { StepContext } from '../../framework/step-context';

/**
 * Stores `extra_data.elf_symbols` on the to/ ELF files without a relation (ScanCode.io's
 * extract_binary_symbols for the Elf, Go and Python groups); an unreadable one is logged and
 * skipped, as there.
 */
export async function storeElfSymbols(ctx: StepContext): Promise<number> {
  const elfs = (await ctx.d2dResources.list({ side: 'to', type: 'file', noRelation: true })).filter((r) => isElfFileType(r.file_type));
  const rows: { path: string; patch: Record<string, unknown> }[] = [];
  for (const r of elfs) {
    ctx.throwIfStopped();
    try {
      const symbols = elfDefinedSymbols(await readFile(join(ctx.dirs.codebase, r.path)));
      if (symbols) rows.push({ path: r.path, patch: { elf_symbols: symbols } });
    } catch (error) {
      ctx.log(`Error parsing binary symbols at: ${r.path} ${(error as Error).message}`);
    }
  }
  await ctx.resources.mergeExtraData(rows);
  return rows.length;
}
