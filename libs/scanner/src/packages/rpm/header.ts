/**
 * RPM header structures, read from a Buffer (no npm library reads them): the 96-byte lead, the
 * signature header and the main header of an .rpm, and the bare header blobs ("immutable region"
 * without the 8-byte magic) stored in the rpmdb backends. Every count, offset and length is
 * checked against the input size: a truncated or hostile header throws instead of over-reading.
 */

export type TagValue = string | string[] | number[] | Buffer;

export const TAG = {
  NAME: 1000, VERSION: 1001, RELEASE: 1002, EPOCH: 1003, SUMMARY: 1004, DESCRIPTION: 1005, BUILDTIME: 1006,
  SIZE: 1009, DISTRIBUTION: 1010, VENDOR: 1011, LICENSE: 1014, PACKAGER: 1015, GROUP: 1016, URL: 1020, OS: 1021,
  ARCH: 1022, FILESIZES: 1028, FILEMODES: 1030, FILEDIGESTS: 1035, SOURCERPM: 1044, REQUIREFLAGS: 1048,
  REQUIRENAME: 1049, REQUIREVERSION: 1050, DIRINDEXES: 1116, BASENAMES: 1117, DIRNAMES: 1118,
  LONGFILESIZES: 5008, FILEDIGESTALGO: 5011,
} as const;

const HEADER_MAGIC = Buffer.from([0x8e, 0xad, 0xe8, 0x01]);
const LEAD_MAGIC = 0xedabeedb;
const LEAD_SIZE = 96;
const ENTRY_SIZE = 16;
const MAX_ENTRIES = 0x10000;

export type Header = Map<number, TagValue>;

/** Reads `count` NUL-terminated strings from `data` at `offset`. */
function strings(data: Buffer, offset: number, count: number): string[] {
  const out: string[] = [];
  let pos = offset;
  for (let i = 0; i < count; i++) {
    const end = data.indexOf(0, pos);
    if (end < 0) throw new Error('truncated RPM header: unterminated string');
    out.push(data.toString('utf8', pos, end));
    pos = end + 1;
  }
  return out;
}

function integers(data: Buffer, offset: number, count: number, size: number): number[] {
  if (offset + count * size > data.length) throw new Error('truncated RPM header: integer array past the data store');
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const at = offset + i * size;
    out.push(size === 1 ? data[at] : size === 2 ? data.readUInt16BE(at) : size === 4 ? data.readUInt32BE(at) : Number(data.readBigUInt64BE(at)));
  }
  return out;
}

function value(type: number, data: Buffer, offset: number, count: number): TagValue | null {
  if (offset > data.length) throw new Error('truncated RPM header: tag offset past the data store');
  if (count > data.length) throw new Error('invalid RPM header: tag count larger than the data store');
  switch (type) {
    case 1: case 2: return integers(data, offset, count, 1);
    case 3: return integers(data, offset, count, 2);
    case 4: return integers(data, offset, count, 4);
    case 5: return integers(data, offset, count, 8);
    case 6: return strings(data, offset, 1)[0];
    case 7:
      if (offset + count > data.length) throw new Error('truncated RPM header: binary tag past the data store');
      return data.subarray(offset, offset + count);
    case 8: case 9: return strings(data, offset, count);
    default: return null;
  }
}

/**
 * Parses a header whose index starts at `start` (after any magic): `nindex`, `hsize`, the index
 * entries, then the data store. Returns the tags and the offset just past the header.
 */
export function readHeaderAt(buf: Buffer, start: number): { header: Header; end: number } {
  if (start + 8 > buf.length) throw new Error('truncated RPM header: no index counts');
  const nindex = buf.readUInt32BE(start);
  const hsize = buf.readUInt32BE(start + 4);
  if (nindex === 0 || nindex > MAX_ENTRIES) throw new Error(`invalid RPM header: ${nindex} index entries`);
  const storeStart = start + 8 + nindex * ENTRY_SIZE;
  const end = storeStart + hsize;
  if (end > buf.length) throw new Error(`truncated RPM header: needs ${end} bytes, has ${buf.length}`);
  const data = buf.subarray(storeStart, end);
  const header: Header = new Map();
  for (let i = 0; i < nindex; i++) {
    const at = start + 8 + i * ENTRY_SIZE;
    const tag = buf.readUInt32BE(at);
    const v = value(buf.readUInt32BE(at + 4), data, buf.readUInt32BE(at + 8), buf.readUInt32BE(at + 12));
    if (v !== null) header.set(tag, v);
  }
  return { header, end };
}

/** A header blob from an rpmdb (no magic). */
export function readHeaderBlob(blob: Buffer): Header {
  return readHeaderAt(blob, 0).header;
}

/** The main header of an .rpm file, and whether it is a source rpm (lead type 1). */
export function readRpmFile(buf: Buffer): { header: Header; isSource: boolean } {
  if (buf.length < LEAD_SIZE) throw new Error('truncated RPM file: no 96-byte lead');
  if (buf.readUInt32BE(0) !== LEAD_MAGIC) throw new Error('not an RPM file: bad lead magic');
  const isSource = buf.readUInt16BE(6) === 1;
  const sigStart = LEAD_SIZE;
  if (!buf.subarray(sigStart, sigStart + 4).equals(HEADER_MAGIC)) throw new Error('not an RPM file: bad signature header magic');
  const sig = readHeaderAt(buf, sigStart + 8);
  const mainStart = sig.end + ((8 - (sig.end % 8)) % 8);
  if (!buf.subarray(mainStart, mainStart + 4).equals(HEADER_MAGIC)) throw new Error('truncated RPM file: bad or missing main header magic');
  return { header: readHeaderAt(buf, mainStart + 8).header, isSource };
}

export const str = (h: Header, tag: number): string | null => {
  const v = h.get(tag);
  if (typeof v === 'string') return v || null;
  if (Array.isArray(v) && typeof v[0] === 'string') return (v[0] as string) || null;
  return null;
};

export const strs = (h: Header, tag: number): string[] => {
  const v = h.get(tag);
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : typeof v === 'string' ? [v] : [];
};

export const nums = (h: Header, tag: number): number[] => {
  const v = h.get(tag);
  return Array.isArray(v) && v.every((x) => typeof x === 'number') ? (v as number[]) : [];
};
