import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ERROR_CODES, FileContentQuery } from '@sca/contracts';
import { DomainError } from '@sca/messaging';
import { storageKeys } from '@sca/storage';

export const RESOURCE_NOT_FOUND = 'Resource not found. Use ?path=<resource_path>';

/**
 * Finds the stored object behind a resource path. Only exact paths of the project's
 * resources are accepted, so no path can reach outside the codebase.
 */
@Injectable()
export class FileContentService {
  constructor(private readonly db: DataSource) {}

  async locate(q: FileContentQuery): Promise<{ key: string; size: number | null; range?: { start: number; end: number } }> {
    if (!q.path) throw new DomainError(ERROR_CODES.refused, RESOURCE_NOT_FOUND);
    const rows: { path: string; size: string | null; type: string }[] = await this.db.query(
      'SELECT path, size, type FROM codebase_resources WHERE project_uuid = $1 AND path = $2',
      [q.project_uuid, q.path],
    );
    if (!rows[0]) throw new DomainError(ERROR_CODES.refused, RESOURCE_NOT_FOUND);
    if (rows[0].type !== 'file') throw new DomainError(ERROR_CODES.refused, 'File not available');
    const packed: { pack_key: string; pack_offset: string; size: string }[] = await this.db.query(
      'SELECT pack_key, pack_offset, size FROM codebase_pack_entries WHERE project_uuid = $1 AND path = $2',
      [q.project_uuid, q.path],
    );
    if (packed[0]) {
      const start = Number(packed[0].pack_offset);
      const size = Number(packed[0].size);
      // An empty file has no byte range: the gateway answers it without reading storage.
      return { key: packed[0].pack_key, size, range: { start, end: start + size - 1 } };
    }
    try {
      return { key: storageKeys.codebase(q.project_uuid, rows[0].path), size: rows[0].size === null ? null : Number(rows[0].size) };
    } catch {
      throw new DomainError(ERROR_CODES.refused, 'File not available');
    }
  }
}
