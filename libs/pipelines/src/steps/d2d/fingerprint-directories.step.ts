import type { D2dResource } from '@sca/persistence';
import { directoryFingerprints } from '@sca/scanner';
import { defineStep } from '../../framework/define';

/** The files under each directory (at any depth), gathered by walking each file's ancestors once. */
function filesUnderEachDirectory(resources: readonly D2dResource[]): Map<string, D2dResource[]> {
  const under = new Map<string, D2dResource[]>(resources.filter((r) => r.type === 'directory').map((d) => [d.path, []]));
  for (const file of resources.filter((r) => r.type === 'file')) {
    for (let slash = file.path.lastIndexOf('/'); slash > 0; slash = file.path.lastIndexOf('/', slash - 1)) {
      under.get(file.path.slice(0, slash))?.push(file);
    }
  }
  return under;
}

export const fingerprintCodebaseDirectories = defineStep({
  name: 'fingerprint_codebase_directories',
  doc: 'Compute directory fingerprints for matching',
  async run(ctx) {
    const fingerprinted: { path: string; patch: Record<string, unknown> }[] = [];
    for (const [path, files] of filesUnderEachDirectory(await ctx.d2dResources.list({ side: 'to' }))) {
      const fingerprints = directoryFingerprints(path, files);
      if (fingerprints) fingerprinted.push({ path, patch: fingerprints });
    }
    await ctx.resources.mergeExtraData(fingerprinted);
    ctx.log(`${fingerprinted.length} to/ director${fingerprinted.length === 1 ? 'y' : 'ies'} fingerprinted`);
  },
});
