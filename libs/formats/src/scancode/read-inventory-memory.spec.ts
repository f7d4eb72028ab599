import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { readInventory } from './read-inventory';
import { syntheticToolkitScan } from './synthetic-scan.testing';

const FILES = 50_000;
const MAX_HEAP_GROWTH = 100 * 1024 * 1024;

/**
 * A forced collection makes heapUsed measure what is retained rather than garbage not
 * yet collected. Jest runs without --expose-gc, so the flag is switched on at run time.
 */
function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('readInventory memory', () => {
  it(
    `reads a ${FILES}-file, ~500 MB toolkit scan with flat memory`,
    async () => {
      const gc = collector();
      gc();
      const baseline = process.memoryUsage().heapUsed;
      let peakGrowth = 0;
      const counts: Record<string, number> = {};
      let lastPath = '';

      for await (const item of readInventory(syntheticToolkitScan({ files: FILES, entrySize: 10_000 }))) {
        counts[item.kind] = (counts[item.kind] ?? 0) + 1;
        if (item.kind === 'resource') {
          lastPath = item.record.path;
          if (counts.resource % 5_000 === 0) {
            gc();
            peakGrowth = Math.max(peakGrowth, process.memoryUsage().heapUsed - baseline);
          }
        }
      }

      expect(counts).toEqual({ headers: 1, package: 1, dependency: 1, resource: FILES, problem: 5 });
      expect(lastPath).toBe(`dir-${Math.floor((FILES - 1) / 1000)}/file-${FILES - 1}.js`);
      expect(peakGrowth).toBeLessThan(MAX_HEAP_GROWTH);
    },
    180_000,
  );
});
