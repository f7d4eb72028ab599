import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { DataSource } from 'typeorm';
import { createProject, type NewInputSource } from '@sca/persistence';
import { ObjectStorage, storageKeys } from '@sca/storage';

/**
 * An input file: a path on disk (its base name is the input's name), or a name with its content;
 * or an input URL, fetched by the run's `download_missing_inputs` step.
 */
export type HarnessInput = string | { name: string; content: string | Buffer; tag?: string } | { path: string; tag: string } | { url: string; tag?: string };

/**
 * A project as project-store leaves it for a run: its row, each input uploaded to object storage
 * with its input_sources row, and each input URL as a row still to fetch. Test fixture data,
 * written the way project-store writes it.
 */
export async function createHarnessProject(db: DataSource, storage: ObjectStorage, name: string, settings: Record<string, unknown>, inputs: HarnessInput[]): Promise<string> {
  const uuid = randomUUID();
  const uploads: NewInputSource[] = [];
  for (const input of inputs) {
    if (typeof input !== 'string' && 'url' in input) {
      uploads.push({ kind: 'url', download_url: input.url, tag: input.tag ?? '' });
      continue;
    }
    const path = typeof input === 'string' ? input : 'path' in input ? input.path : null;
    const filename = path !== null ? basename(path) : (input as { name: string }).name;
    const content = path !== null ? await readFile(path) : Buffer.from((input as { content: string | Buffer }).content);
    const tag = typeof input === 'string' ? '' : (input.tag ?? '');
    await storage.putBuffer(storageKeys.input(uuid, filename), content);
    uploads.push({ kind: 'upload', filename, tag, size: content.length });
  }
  await createProject(db, {
    project: { uuid, name, slug: uuid, notes: '', settings, labels: [], label_slugs: [], purl: '', extra_data: {} },
    subscriptions: [],
    inputs: uploads,
    runs: [],
  });
  return uuid;
}
