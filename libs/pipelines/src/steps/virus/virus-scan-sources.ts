import { join } from 'node:path';
import type { VirusScanFile } from '@sca/scanner';
import { restoreCodebase } from '../../framework/restore-codebase';
import type { StepContext } from '../../framework/step-context';
import { storedCodebaseFiles } from '../../framework/stored-codebase';

/**
 * The files for INSTREAM, straight from the stored codebase: each file's bytes are read from its
 * pack into memory when the scan asks for the next file (at most one per connection, plus the
 * one being read), and never written to disk; a file over `streamMaxLength` is skipped unread.
 * Paths whose bytes were never stored are collected into `notStored`.
 */
export async function* streamedFiles(ctx: StepContext, streamMaxLength: number, notStored: string[]): AsyncGenerator<VirusScanFile> {
  for await (const file of storedCodebaseFiles(ctx.resources, ctx.storage)) {
    if (file.kind === 'not-stored') {
      notStored.push(file.path);
      continue;
    }
    if (file.size > streamMaxLength) {
      yield { path: file.path, size: file.size };
      continue;
    }
    const parts: Buffer[] = [];
    await file.read((bytes) => void parts.push(bytes));
    yield { path: file.path, size: file.size, data: parts.length === 1 ? parts[0] : Buffer.concat(parts) };
  }
}

/**
 * The files for CONTSCAN: clamd opens them itself, so the stored codebase is put back on disk
 * first, under the run's tmp/ (which clamd must see at the same path).
 */
export async function restoredFiles(ctx: StepContext, notStored: string[]): Promise<VirusScanFile[]> {
  const restored = await restoreCodebase(ctx.resources, ctx.storage, join(ctx.dirs.tmp, 'virus-scan', 'codebase'));
  ctx.log(`Restored ${restored.files.length} files (${restored.bytes} bytes) of the stored codebase for clamd to open`);
  for (const path of restored.notStored) notStored.push(path);
  return restored.files;
}
