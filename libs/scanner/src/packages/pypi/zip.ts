/**
 * A minimal synchronous zip reader over a Buffer (wheels and eggs). Handlers must parse
 * synchronously and yauzl is callback-based, so this reads the end-of-central-directory record,
 * the central directory and the local headers directly, and inflates with Node's zlib.
 */
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  read(): Buffer;
}

export function readZip(buf: Buffer): ZipEntry[] {
  const eocd = findEocd(buf);
  if (eocd < 0) throw new Error('not a zip archive (no end of central directory)');
  const count = buf.readUInt16LE(eocd + 10);
  let offset = buf.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== 0x02014b50) throw new Error('truncated zip central directory');
    const method = buf.readUInt16LE(offset + 10);
    const compressedSize = buf.readUInt32LE(offset + 20);
    const nameLen = buf.readUInt16LE(offset + 28);
    const extraLen = buf.readUInt16LE(offset + 30);
    const commentLen = buf.readUInt16LE(offset + 32);
    const localOffset = buf.readUInt32LE(offset + 42);
    const name = buf.subarray(offset + 46, offset + 46 + nameLen).toString('utf8');
    entries.push({ name, read: () => readLocal(buf, localOffset, method, compressedSize, name) });
    offset += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

function findEocd(buf: Buffer): number {
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) if (buf.readUInt32LE(i) === 0x06054b50) return i;
  return -1;
}

function readLocal(buf: Buffer, offset: number, method: number, size: number, name: string): Buffer {
  if (offset + 30 > buf.length || buf.readUInt32LE(offset) !== 0x04034b50) throw new Error(`truncated zip entry ${name}`);
  const start = offset + 30 + buf.readUInt16LE(offset + 26) + buf.readUInt16LE(offset + 28);
  if (start + size > buf.length) throw new Error(`truncated zip entry ${name}`);
  const data = buf.subarray(start, start + size);
  if (method === 0) return Buffer.from(data);
  if (method === 8) return inflateRawSync(data);
  throw new Error(`unsupported zip compression method ${method} for ${name}`);
}
