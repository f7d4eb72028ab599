import { ByteReader } from './byte-reader';
import { cpioFormatOf } from './cpio-header';
import type { EntrySink } from './entry-sink';
import { CorruptArchiveError } from './extraction-errors';

const MAX_NAME = 64 * 1024;

interface CpioHeader {
  mode: number;
  nlink: number;
  inode: string;
  nameSize: number;
  size: number;
  headerSize: number;
  /** newc aligns names and data on 4 bytes; odc does not align. */
  align: number;
}

/**
 * Reads the ASCII cpio formats (newc/crc as in rpm payloads and initramfs, and odc). Written by hand:
 * cpio-stream decodes names as ASCII, which drops every non-ASCII character, and does not report a
 * truncated archive. newc stores hard-linked files once, on the last name of the group, so earlier
 * names of the group are linked to it when its data arrives.
 */
export async function readCpio(input: AsyncIterable<Buffer>, sink: EntrySink): Promise<void> {
  const reader = ByteReader.of(input);
  const pendingLinks = new Map<string, string[]>();
  for (;;) {
    if (await reader.atEnd()) throw new CorruptArchiveError('cpio archive ends without its trailer (truncated)');
    const header = await readHeader(reader);
    if (header.nameSize > MAX_NAME) throw new CorruptArchiveError('cpio entry name too long');
    const name = (await reader.read(header.nameSize)).toString('utf8').replace(/\0+$/, '');
    await reader.skip(padding(header.headerSize + header.nameSize, header.align));
    if (name === 'TRAILER!!!') break;
    const type = header.mode & 0o170000;
    if (type === 0o100000 && header.nlink > 1 && header.size === 0 && header.align === 4) {
      pendingLinks.set(header.inode, [...(pendingLinks.get(header.inode) ?? []), name]);
      continue;
    }
    if (type === 0o100000) await sink.file(name, reader.chunks(header.size), header.mode);
    else if (type === 0o040000) await sink.directory(name);
    else if (type === 0o120000) await sink.symlink(name, await readLinkTarget(reader, header.size));
    else await sink.skip(name, `device, FIFO or socket not extracted`, reader.chunks(header.size));
    await reader.skip(padding(header.size, header.align));
    for (const other of pendingLinks.get(header.inode) ?? []) await sink.hardlink(other, name);
    pendingLinks.delete(header.inode);
  }
  // Names of a link group whose data never came: they are empty files.
  for (const names of pendingLinks.values()) for (const name of names) await sink.file(name, []);
}

async function readHeader(reader: ByteReader): Promise<CpioHeader> {
  const magic = await reader.read(6);
  const format = cpioFormatOf(magic);
  if (format === 'newc') {
    const fields = (await reader.read(104)).toString('latin1');
    const hex = (index: number): number => parseNumber(fields.slice(index * 8, index * 8 + 8), 16);
    // ino mode uid gid nlink mtime filesize devmajor devminor rdevmajor rdevminor namesize check
    return {
      mode: hex(1), nlink: hex(4), inode: `${hex(7)}:${hex(8)}:${hex(0)}`,
      size: hex(6), nameSize: hex(11), headerSize: 110, align: 4,
    };
  }
  if (format === 'odc') {
    const fields = (await reader.read(70)).toString('latin1');
    const octal = (start: number, length: number): number => parseNumber(fields.slice(start, start + length), 8);
    // dev(6) ino(6) mode(6) uid(6) gid(6) nlink(6) rdev(6) mtime(11) namesize(6) filesize(11)
    return {
      mode: octal(12, 6), nlink: octal(30, 6), inode: `${octal(0, 6)}:${octal(6, 6)}`,
      nameSize: octal(53, 6), size: octal(59, 11), headerSize: 76, align: 1,
    };
  }
  throw new CorruptArchiveError('corrupt cpio header (bad magic)');
}

async function readLinkTarget(reader: ByteReader, size: number): Promise<string> {
  if (size > MAX_NAME) throw new CorruptArchiveError('cpio symlink target too long');
  return (await reader.read(size)).toString('utf8');
}

function parseNumber(text: string, radix: number): number {
  const value = parseInt(text, radix);
  if (!Number.isFinite(value) || value < 0) throw new CorruptArchiveError('corrupt cpio header field');
  return value;
}

function padding(length: number, align: number): number {
  return (align - (length % align)) % align;
}
