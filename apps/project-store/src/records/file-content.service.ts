import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ERROR_CODES, FileContentLocation, FileContentQuery } from '@sca/contracts';
import { DomainError } from '@sca/messaging';
import { findCodebaseFile } from '@sca/persistence';
import { packedRange, storageKeys } from '@sca/storage';

export const RESOURCE_NOT_FOUND = 'Resource not found. Use ?path=<resource_path>';

/**
 * Finds the stored object behind a resource path. Only exact paths of the project's
 * resources are accepted, so no path can reach outside the codebase.
 */
@Injectable()
export class FileContentService {
  constructor(private readonly db: DataSource) {}

  async locate(q: FileContentQuery): Promise<FileContentLocation> {
    if (!q.path) throw new DomainError(ERROR_CODES.refused, RESOURCE_NOT_FOUND);
    const file = await findCodebaseFile(this.db, q.project_uuid, q.path);
    if (!file) throw new DomainError(ERROR_CODES.refused, RESOURCE_NOT_FOUND);
    if (file.type !== 'file') throw new DomainError(ERROR_CODES.refused, 'File not available');
    if (file.pack) {
      const { key, size, deflated } = file.pack;
      // An empty file has no byte range: the gateway answers it without reading storage.
      const location: FileContentLocation = { key, size, range: packedRange(file.pack) };
      if (deflated !== null) location.deflated = deflated;
      return location;
    }
    try {
      return { key: storageKeys.codebase(q.project_uuid, file.path), size: file.size };
    } catch {
      throw new DomainError(ERROR_CODES.refused, 'File not available');
    }
  }
}
