import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OBJECT_STORAGE, ObjectStorage, storageKeys } from '@sca/storage';

/** Largest codebase file read as configuration (a template, a policies file). */
const CONFIG_FILE_LIMIT = 4 * 1024 * 1024;

/** Reads small text files of a project's codebase (from its packs or its codebase/ keys). */
@Injectable()
export class CodebaseFiles {
  constructor(private readonly db: DataSource, @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  /** The text of the file resource at `path`, or null when there is none (or it is too large). */
  async readText(projectUuid: string, path: string): Promise<string | null> {
    const rows: { pack_key: string | null; pack_offset: string | null; size: string | null }[] = await this.db.query(
      `SELECT e.pack_key, e.pack_offset, COALESCE(e.size, r.size) AS size
       FROM codebase_resources r
       LEFT JOIN codebase_pack_entries e ON e.project_uuid = r.project_uuid AND e.path = r.path
       WHERE r.project_uuid = $1 AND r.path = $2 AND r.type = 'file'`,
      [projectUuid, path],
    );
    const row = rows[0];
    if (!row) return null;
    const size = Number(row.size ?? 0);
    if (size > CONFIG_FILE_LIMIT) return null;
    if (size === 0) return '';
    if (row.pack_key === null) return (await this.storage.getBuffer(storageKeys.codebase(projectUuid, path), CONFIG_FILE_LIMIT)).toString('utf8');
    const start = Number(row.pack_offset);
    const chunks: Buffer[] = [];
    for await (const chunk of await this.storage.getStream(row.pack_key, { start, end: start + size - 1 })) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  /** Paths of file resources matching a POSIX regular expression. */
  async findPaths(projectUuid: string, pattern: string): Promise<string[]> {
    const rows: { path: string }[] = await this.db.query(
      "SELECT path FROM codebase_resources WHERE project_uuid = $1 AND type = 'file' AND path ~ $2 ORDER BY path",
      [projectUuid, pattern],
    );
    return rows.map((r) => r.path);
  }
}
