import type { Readable } from 'node:stream';
import { extract } from 'tar-stream';
import { drain, type EntrySink } from './entry-sink';
import { CorruptArchiveError, EntryError, LimitExceededError, messageOf } from './extraction-errors';

/** Reads a (decompressed) tar stream entry by entry; tar-stream handles pax and GNU long names. */
export async function readTar(input: Readable, sink: EntrySink): Promise<void> {
  const entries = extract();
  input.on('error', (error) => entries.destroy(error));
  input.pipe(entries);
  try {
    for await (const source of entries) {
      const { name, type, linkname, mode } = source.header;
      const entry = bytesOf(source);
      switch (type) {
        case 'file':
        case 'contiguous-file':
          await sink.file(name, entry, mode);
          break;
        case 'directory':
          await drain(entry);
          await sink.directory(name);
          break;
        case 'symlink':
          await drain(entry);
          await sink.symlink(name, linkname);
          break;
        case 'link':
          await drain(entry);
          await sink.hardlink(name, linkname);
          break;
        case 'character-device':
        case 'block-device':
        case 'fifo':
          await sink.skip(name, `${type} not extracted`, entry);
          break;
        default:
          await sink.skip(name, `unsupported tar entry type ${String(type)}; skipped`, entry);
      }
    }
  } catch (error) {
    if (error instanceof LimitExceededError || error instanceof EntryError) throw error;
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new CorruptArchiveError(`corrupt or truncated tar: ${messageOf(error)}`);
  } finally {
    input.unpipe(entries);
    input.destroy();
  }
}

/**
 * tar-stream's entries are streamx streams; Node's pipeline() does not see them end when the
 * extractor is destroyed mid-entry (a truncated archive), so they are consumed by iteration instead.
 */
async function* bytesOf(entry: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
  for await (const chunk of entry) yield chunk as Buffer;
}
