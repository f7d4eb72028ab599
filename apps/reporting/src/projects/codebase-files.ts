import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { findCodebaseFile, findFilePaths } from '@sca/persistence';
import { OBJECT_STORAGE, ObjectStorage, readPackedFile, storageKeys } from '@sca/storage';

/** Largest codebase file read as configuration (a template, a policies file). */
const CONFIG_FILE_LIMIT = 4 * 1024 * 1024;

/** Reads small text files of a project's codebase (from its packs or its codebase/ keys). */
@Injectable()
export class CodebaseFiles {
  constructor(private readonly db: DataSource, @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  /** The text of the file resource at `path`, or null when there is none (or it is too large). */
  async readText(projectUuid: string, path: string): Promise<string | null> {
    const file = await findCodebaseFile(this.db, projectUuid, path);
    if (!file || file.type !== 'file') return null;
    const size = file.pack?.size ?? file.size ?? 0;
    if (size > CONFIG_FILE_LIMIT) return null;
    if (size === 0) return '';
    if (!file.pack) return (await this.storage.getBuffer(storageKeys.codebase(projectUuid, path), CONFIG_FILE_LIMIT)).toString('utf8');
    return (await readPackedFile(this.storage, file.pack)).toString('utf8');
  }

  /** Paths of file resources matching a POSIX regular expression. */
  findPaths(projectUuid: string, pattern: string): Promise<string[]> {
    return findFilePaths(this.db, projectUuid, pattern);
  }
}
