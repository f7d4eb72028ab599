import { mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ResourceRepository } from '@sca/persistence';
import { localPathFor, type ObjectStorage } from '@sca/storage';
import { storedCodebaseFiles } from './stored-codebase';

/** A file put back on disk from the codebase packs. */
export interface RestoredFile {
  path: string;
  absPath: string;
  size: number;
}

export interface RestoredCodebase {
  files: RestoredFile[];
  bytes: number;
  /** File resources whose bytes were never stored (a project loaded from a scan). */
  notStored: string[];
}

/**
 * Puts the project's stored codebase back on disk under `target` (an empty directory), each
 * pack read once (stored-codebase.ts). A run starts with an empty codebase/, so an add-on that
 * needs the files on disk (as ScanCode.io's read the project's codebase/ directory) restores
 * them first; `target` is not codebase/, so the run does not store them again as a pack of its
 * own. On this machine's disk, creating the files costs far more (kernel time) than their bytes.
 */
export async function restoreCodebase(resources: ResourceRepository, storage: ObjectStorage, target: string): Promise<RestoredCodebase> {
  await mkdir(target, { recursive: true });
  const files: RestoredFile[] = [];
  const notStored: string[] = [];
  const made = new Set<string>();
  let bytes = 0;
  for await (const file of storedCodebaseFiles(resources, storage)) {
    if (file.kind === 'not-stored') {
      notStored.push(file.path);
      continue;
    }
    const absPath = localPathFor(target, file.path);
    const dir = dirname(absPath);
    if (!made.has(dir)) {
      await mkdir(dir, { recursive: true });
      made.add(dir);
    }
    const handle = await open(absPath, 'wx');
    try {
      await file.read((data) => handle.write(data));
    } finally {
      await handle.close();
    }
    files.push({ path: file.path, absPath, size: file.size });
    bytes += file.size;
  }
  return { files, bytes, notStored };
}
