import { directoryFingerprints } from '@sca/scanner';
import { defineStep } from '../../framework/define';

export const fingerprintCodebaseDirectories = defineStep({
  name: 'fingerprint_codebase_directories',
  doc: 'Compute directory fingerprints for matching',
  async run(ctx) {
    const resources = await ctx.d2dResources.list({ side: 'to' });
    const files = resources.filter((r) => r.type === 'file').sort((a, b) => (a.path < b.path ? -1 : 1));
    const fingerprinted: { id: number; data: Record<string, unknown> }[] = [];
    for (const dir of resources.filter((r) => r.type === 'directory')) {
      const prefix = `${dir.path}/`;
      const under = files.filter((f) => f.path.startsWith(prefix));
      const fingerprints = directoryFingerprints(dir.path, under);
      if (fingerprints) fingerprinted.push({ id: dir.id, data: fingerprints });
    }
    await ctx.d2dResources.mergeExtraData(fingerprinted);
    ctx.log(`${fingerprinted.length} to/ director${fingerprinted.length === 1 ? 'y' : 'ies'} fingerprinted`);
  },
});
