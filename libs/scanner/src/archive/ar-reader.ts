import { ByteReader } from './byte-reader';
import type { EntrySink } from './entry-sink';
import { CorruptArchiveError } from './extraction-errors';

const HEADER = 60;
const MAX_NAME_TABLE = 16 * 1024 * 1024;

/**
 * Reads ar archives: .deb packages and .a static libraries. Written by hand because the format is
 * 8 bytes of magic and fixed 60-byte ASCII headers, and the npm ar parsers load the whole archive
 * into memory. Handles GNU long names ("//" table, "/123" references) and BSD ones ("#1/len").
 */
export async function readAr(input: AsyncIterable<Buffer>, sink: EntrySink): Promise<void> {
  const reader = ByteReader.of(input);
  if ((await reader.read(8)).toString('latin1') !== '!<arch>\n') throw new CorruptArchiveError('not an ar archive');
  let longNames: Buffer = Buffer.alloc(0);
  while (!(await reader.atEnd())) {
    // Members start on even offsets; a lone padding byte may end the archive.
    if (reader.position % 2 === 1) {
      await reader.skip(1);
      if (await reader.atEnd()) break;
    }
    const header = await reader.read(HEADER);
    if (header.subarray(58, 60).toString('latin1') !== '`\n') throw new CorruptArchiveError('corrupt ar member header');
    const rawName = header.subarray(0, 16).toString('utf8').trimEnd();
    let size = parseInt(header.subarray(48, 58).toString('latin1').trim(), 10);
    const mode = parseInt(header.subarray(40, 48).toString('latin1').trim(), 8) || 0o644;
    if (!Number.isFinite(size) || size < 0) throw new CorruptArchiveError('corrupt ar member size');
    if (rawName === '/' || rawName === '/SYM64/' || rawName === '__.SYMDEF' || rawName === '__.SYMDEF SORTED') {
      await reader.skip(size); // symbol tables of static libraries: index data, not members
      continue;
    }
    if (rawName === '//') {
      if (size > MAX_NAME_TABLE) throw new CorruptArchiveError('ar long-name table too large');
      longNames = await reader.read(size);
      continue;
    }
    let name: string;
    if (rawName.startsWith('#1/')) {
      const length = parseInt(rawName.slice(3), 10);
      if (!(length >= 0 && length <= size)) throw new CorruptArchiveError('corrupt BSD ar long name');
      name = (await reader.read(length)).toString('utf8').replace(/\0+$/, '');
      size -= length;
    } else if (/^\/\d+$/.test(rawName)) {
      const start = parseInt(rawName.slice(1), 10);
      const end = longNames.indexOf('/\n', start);
      if (start >= longNames.length || end < 0) throw new CorruptArchiveError('ar long name reference out of range');
      name = longNames.subarray(start, end).toString('utf8');
    } else {
      name = rawName.endsWith('/') ? rawName.slice(0, -1) : rawName;
    }
    await sink.file(name, reader.chunks(size), mode);
  }
}
