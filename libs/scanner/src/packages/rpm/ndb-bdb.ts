/**
 * Header blobs of the two non-SQLite rpmdb backends, hand-written (no library reads them):
 *
 * - NDB (`Packages.db`, SUSE): a little-endian slot table (`RpmP` file header, then 16-byte
 *   `Slot` entries: package index, block offset and count in 16-byte blocks) pointing at `BlbS`
 *   blobs (16-byte blob header whose last word is the blob length).
 * - Berkeley DB hash (`Packages`, legacy RHEL/CentOS): hash pages of key/value items; the values
 *   are header blobs, inline (H_KEYDATA) or on chains of overflow pages (H_OFFPAGE).
 *
 * Every offset is checked against the buffer and each page is read at most once per chain.
 */

const NDB_MAGIC = 0x506d7052; // 'RpmP' little-endian
const NDB_SLOT = 0x746f6c53; // 'Slot'
const NDB_BLOB = 0x53626c42; // 'BlbS'
const NDB_PAGE = 4096;

export function ndbBlobs(buf: Buffer): Buffer[] {
  if (buf.length < 32 || buf.readUInt32LE(0) !== NDB_MAGIC) throw new Error('not an rpm NDB database: bad header magic');
  if (buf.readUInt32LE(4) !== 0) throw new Error(`unsupported rpm NDB version ${buf.readUInt32LE(4)}`);
  const slotPages = buf.readUInt32LE(12);
  const slotsEnd = slotPages * NDB_PAGE;
  if (slotPages === 0 || slotsEnd > buf.length) throw new Error('truncated rpm NDB database: slot pages past end of file');
  const out: Buffer[] = [];
  for (let at = 32; at + 16 <= slotsEnd; at += 16) {
    if (buf.readUInt32LE(at) !== NDB_SLOT) throw new Error(`invalid rpm NDB database: bad slot magic at ${at}`);
    const pkgIdx = buf.readUInt32LE(at + 4);
    if (pkgIdx === 0) continue;
    const off = buf.readUInt32LE(at + 8) * 16;
    if (off + 16 > buf.length) throw new Error(`truncated rpm NDB database: blob of package ${pkgIdx} past end of file`);
    if (buf.readUInt32LE(off) !== NDB_BLOB || buf.readUInt32LE(off + 4) !== pkgIdx) throw new Error(`invalid rpm NDB database: bad blob header for package ${pkgIdx}`);
    const len = buf.readUInt32LE(off + 12);
    if (off + 16 + len > buf.length) throw new Error(`truncated rpm NDB database: blob of package ${pkgIdx} past end of file`);
    out.push(buf.subarray(off + 16, off + 16 + len));
  }
  return out;
}

const BDB_HASH_MAGIC = 0x00061561;
const P_HASH_UNSORTED = 2;
const P_OVERFLOW = 7;
const P_HASHMETA = 8;
const P_HASH = 13;
const H_KEYDATA = 1;
const H_OFFPAGE = 3;
const PAGE_HEADER = 26;

interface Reader { u16(b: Buffer, at: number): number; u32(b: Buffer, at: number): number }
const LE: Reader = { u16: (b, at) => b.readUInt16LE(at), u32: (b, at) => b.readUInt32LE(at) };
const BE: Reader = { u16: (b, at) => b.readUInt16BE(at), u32: (b, at) => b.readUInt32BE(at) };

export function bdbHashValues(buf: Buffer): Buffer[] {
  if (buf.length < 512) throw new Error('truncated Berkeley DB file: no metadata page');
  const r = buf.readUInt32LE(12) === BDB_HASH_MAGIC ? LE : buf.readUInt32BE(12) === BDB_HASH_MAGIC ? BE : null;
  if (!r) throw new Error('not a Berkeley DB hash database: bad magic');
  if (buf[25] !== P_HASHMETA) throw new Error('invalid Berkeley DB hash database: page 0 is not a hash metadata page');
  const pageSize = r.u32(buf, 20);
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) throw new Error(`invalid Berkeley DB database: page size ${pageSize}`);
  const pageCount = Math.floor(buf.length / pageSize);
  const lastPage = Math.min(r.u32(buf, 32), pageCount - 1);
  const page = (n: number) => {
    if (n < 0 || n >= pageCount) throw new Error(`truncated Berkeley DB database: page ${n} past end of file`);
    return buf.subarray(n * pageSize, (n + 1) * pageSize);
  };
  const out: Buffer[] = [];
  for (let n = 1; n <= lastPage; n++) {
    const p = page(n);
    if (p[25] !== P_HASH && p[25] !== P_HASH_UNSORTED) continue;
    const entries = r.u16(p, 20);
    if (PAGE_HEADER + entries * 2 > pageSize) throw new Error(`invalid Berkeley DB database: page ${n} index overflows`);
    const offsets = Array.from({ length: entries }, (_, i) => r.u16(p, PAGE_HEADER + i * 2));
    // Items are key/value pairs; values are the odd entries.
    for (let i = 1; i < entries; i += 2) {
      const at = offsets[i];
      const end = offsets[i - 1] > at ? offsets[i - 1] : pageSize;
      if (at >= pageSize) throw new Error(`invalid Berkeley DB database: item offset past page ${n}`);
      if (p[at] === H_KEYDATA) out.push(p.subarray(at + 1, end));
      else if (p[at] === H_OFFPAGE) {
        if (at + 12 > pageSize) throw new Error(`invalid Berkeley DB database: truncated off-page item on page ${n}`);
        out.push(overflowChain(page, r, r.u32(p, at + 4), r.u32(p, at + 8), pageCount));
      }
    }
  }
  return out;
}

function overflowChain(page: (n: number) => Buffer, r: Reader, first: number, length: number, pageCount: number): Buffer {
  if (length > pageCount * 65536) throw new Error('invalid Berkeley DB database: overflow item larger than the file');
  const parts: Buffer[] = [];
  let got = 0;
  let n = first;
  for (let hops = 0; n !== 0 && got < length; hops++) {
    if (hops > pageCount) throw new Error('invalid Berkeley DB database: overflow chain loops');
    const p = page(n);
    if (p[25] !== P_OVERFLOW) throw new Error(`invalid Berkeley DB database: page ${n} is not an overflow page`);
    const used = Math.min(r.u16(p, 22), p.length - PAGE_HEADER);
    parts.push(p.subarray(PAGE_HEADER, PAGE_HEADER + used));
    got += used;
    n = r.u32(p, 16);
  }
  if (got < length) throw new Error('truncated Berkeley DB database: overflow chain ends early');
  return Buffer.concat(parts).subarray(0, length);
}
