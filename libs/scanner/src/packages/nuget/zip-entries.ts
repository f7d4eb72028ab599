/**
 * A minimal synchronous zip reader for small package archives (.nupkg): the central directory
 * locates entries, stored or deflated members are read with Node's zlib. The project's archive
 * reader (libs/scanner/src/archive/zip-reader.ts) is asynchronous and extracts to a sink,
 * which handlers' synchronous `parse` cannot use. No zip64, no encryption; sizes are bounded.
 */
import { inflateRawSync } from 'node:zlib';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_MEMBER = 16 * 1024 * 1024;

export interface ZipEntry { name: string; method: number; compressedSize: number; size: number; localOffset: number }

export function zipEntries(buf: Buffer): ZipEntry[] {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) { eocd = i; break; }
  }
  if (eocd < 0) throw new Error('not a zip archive or truncated (no end of central directory)');
  const count = buf.readUInt16LE(eocd + 10);
  let pos = buf.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (pos + 46 > buf.length || buf.readUInt32LE(pos) !== CENTRAL) throw new Error('truncated zip central directory');
    const nameLen = buf.readUInt16LE(pos + 28);
    const skip = nameLen + buf.readUInt16LE(pos + 30) + buf.readUInt16LE(pos + 32);
    entries.push({
      name: buf.toString('utf8', pos + 46, pos + 46 + nameLen), method: buf.readUInt16LE(pos + 10),
      compressedSize: buf.readUInt32LE(pos + 20), size: buf.readUInt32LE(pos + 24), localOffset: buf.readUInt32LE(pos + 42),
    });
    pos += 46 + skip;
  }
  return entries;
}

export function readZipEntry(buf: Buffer, e: ZipEntry): Buffer {
  if (e.size > MAX_MEMBER) throw new Error(`zip member too large: ${e.name}`);
  const at = e.localOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL) throw new Error(`truncated zip member: ${e.name}`);
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  if (start + e.compressedSize > buf.length) throw new Error(`truncated zip member: ${e.name}`);
  const data = buf.subarray(start, start + e.compressedSize);
  if (e.method === 0) return Buffer.from(data);
  if (e.method === 8) return inflateRawSync(data, { maxOutputLength: MAX_MEMBER });
  throw new Error(`unsupported zip compression method ${e.method}: ${e.name}`);
}
