import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { InventoryItem, readInventory } from '@sca/formats';
import { LicenseDetectionRecord, PackageRecord, RelationRecord, ResourceRecord } from '@sca/contracts';
import { BatchWriter, BULK_BATCH_SIZE, DependencyInput, ResourceInput } from '@sca/persistence';
import { StepContext } from '../framework/step-context';
import { detectionRecord } from './codebase/license-detections.step';

export interface InventoryCounts {
  packages: number;
  dependencies: number;
  resources: number;
  relations: number;
  problems: number;
}

/**
 * Loads one ScanCode-toolkit or ScanCode.io JSON inventory in a single streaming pass.
 * Records are buffered per kind and written in batches; a batch of resources or
 * dependencies first flushes pending packages, and relations flush resources, so every
 * link target exists when the joins that resolve links run.
 */
export async function loadInventoryFile(ctx: StepContext, path: string, onHeaders: (h: Record<string, unknown>[]) => Promise<void>): Promise<InventoryCounts> {
  const counts: InventoryCounts = { packages: 0, dependencies: 0, resources: 0, relations: 0, problems: 0 };
  let sawTopLevelLicenses = false;
  const packages = new BatchWriter<PackageRecord>(BULK_BATCH_SIZE, async (rows) => { counts.packages += await ctx.packages.insert(rows); });
  const resources = new BatchWriter<ResourceInput>(BULK_BATCH_SIZE, async (rows) => {
    await packages.flush();
    counts.resources += await ctx.resources.insert(rows);
    if (!sawTopLevelLicenses) await ctx.licenses.upsert(detectionsFromResources(rows));
  });
  const dependencies = new BatchWriter<DependencyInput>(BULK_BATCH_SIZE, async (rows) => {
    await packages.flush();
    counts.dependencies += await ctx.dependencies.insert(rows);
  });
  const relations = new BatchWriter<RelationRecord>(BULK_BATCH_SIZE, async (rows) => {
    await resources.flush();
    counts.relations += await ctx.relations.insert(rows);
  });
  const licenses = new BatchWriter<LicenseDetectionRecord>(BULK_BATCH_SIZE, (rows) => ctx.licenses.upsert(rows));

  const total = (await stat(path)).size;
  let done = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      done += chunk.length;
      cb(null, chunk);
    },
  });
  const file = createReadStream(path);
  const source = file.pipe(counter);
  let seen = 0;
  try {
    for await (const item of readInventory(source) as AsyncIterable<InventoryItem>) {
      if (++seen % 1000 === 0) {
        ctx.throwIfStopped();
        ctx.progress(done, total);
      }
      switch (item.kind) {
        case 'headers':
          await onHeaders(item.headers);
          break;
        case 'package':
          await packages.add(item.record);
          break;
        case 'dependency':
          await dependencies.add(item.record);
          break;
        case 'license_detection':
          sawTopLevelLicenses = true;
          await licenses.add(item.record);
          break;
        case 'resource':
          await resources.add(item.record);
          break;
        case 'relation':
          await relations.add(item.record);
          break;
        case 'problem':
          counts.problems++;
          await ctx.messages.add({ severity: item.severity, description: item.message, model: 'load_inventory', details: item.details });
          break;
      }
    }
  } finally {
    // .pipe() does not pass a destroy upstream: close the file when reading stops early.
    file.destroy();
  }
  await packages.flush();
  await licenses.flush();
  await resources.flush();
  await dependencies.flush();
  await relations.flush();
  ctx.progress(total, total);
  return counts;
}

/** ScanCode.io JSON has no top-level detections: they are rebuilt from the files. */
function detectionsFromResources(rows: ResourceRecord[]): LicenseDetectionRecord[] {
  return rows.flatMap((r) =>
    (r.license_detections as Record<string, unknown>[])
      .map((d) => detectionRecord(d, r.path, { from_package: false, is_license_clue: false }))
      .filter((d): d is LicenseDetectionRecord => d !== null),
  );
}
