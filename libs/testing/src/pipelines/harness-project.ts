import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { DataSource } from 'typeorm';
import { ObjectStorage, storageKeys } from '@sca/storage';

/** An input file: a path on disk (its base name is the input's name), or a name with its content. */
export type HarnessInput = string | { name: string; content: string | Buffer };

/**
 * A project as project-store leaves it for a run: its row, and each input uploaded to object
 * storage with its input_sources row. Test fixture data, written the way project-store writes it.
 */
export async function createHarnessProject(db: DataSource, storage: ObjectStorage, name: string, settings: Record<string, unknown>, inputs: HarnessInput[]): Promise<string> {
  const uuid = randomUUID();
  await db.query('INSERT INTO projects (uuid, name, slug, settings) VALUES ($1, $2, $3, $4::jsonb)', [uuid, name, uuid, JSON.stringify(settings)]);
  for (const input of inputs) {
    const filename = typeof input === 'string' ? basename(input) : input.name;
    const content = typeof input === 'string' ? await readFile(input) : Buffer.from(input.content);
    await storage.putBuffer(storageKeys.input(uuid, filename), content);
    await db.query(
      'INSERT INTO input_sources (uuid, project_uuid, filename, is_uploaded, size, stored) VALUES ($1, $2, $3, true, $4, true)',
      [randomUUID(), uuid, filename, content.length],
    );
  }
  return uuid;
}
