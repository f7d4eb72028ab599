import { DataSource } from 'typeorm';
import { outputRecords } from '@sca/persistence';
import type { JsonObject } from './scancodeio-normalization';

async function all(items: AsyncIterable<unknown>): Promise<JsonObject[]> {
  const out: JsonObject[] = [];
  for await (const item of items) out.push(JSON.parse(JSON.stringify(item)) as JsonObject);
  return out;
}

/**
 * A project's `packages`, `dependencies` and `files` as ScanCode.io's results document lists them
 * (`output.to_json`: its output querysets' orders, symlinks left out), read through the same
 * record streams as the service's results download.
 */
export async function resultsSections(db: DataSource, projectUuid: string): Promise<JsonObject> {
  return {
    packages: await all(outputRecords.packages(db, projectUuid)),
    dependencies: await all(outputRecords.dependencies(db, projectUuid)),
    files: await all(outputRecords.resources(db, projectUuid)),
  };
}
