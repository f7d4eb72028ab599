/**
 * Test support: tiny NDB and Berkeley DB hash rpmdb files built around given header blobs
 * (Debian's rpm cannot write either backend), laid out as rpm writes them.
 */

export function buildNdb(blobs: Buffer[]): Buffer {
  const slots = Buffer.alloc(4096);
  slots.write('RpmP', 0, 'latin1');
  slots.writeUInt32LE(0, 4);
  slots.writeUInt32LE(1, 8);
  slots.writeUInt32LE(1, 12);
  const parts: Buffer[] = [slots];
  let offset = 4096;
  for (let at = 32, i = 0; at < 4096; at += 16, i++) {
    slots.write('Slot', at, 'latin1');
    const blob = blobs[i];
    if (!blob) continue;
    const padded = Buffer.alloc(Math.ceil((16 + blob.length + 12) / 16) * 16);
    padded.write('BlbS', 0, 'latin1');
    padded.writeUInt32LE(i + 1, 4);
    padded.writeUInt32LE(1, 8);
    padded.writeUInt32LE(blob.length, 12);
    blob.copy(padded, 16);
    slots.writeUInt32LE(i + 1, at + 4);
    slots.writeUInt32LE(offset / 16, at + 8);
    slots.writeUInt32LE(padded.length / 16, at + 12);
    parts.push(padded);
    offset += padded.length;
  }
  return Buffer.concat(parts);
}

const PAGE = 4096;

function pageOf(type: number, pgno: number): Buffer {
  const p = Buffer.alloc(PAGE);
  p.writeUInt32LE(pgno, 8);
  p[25] = type;
  return p;
}

export function buildBdbHash(blobs: Buffer[]): Buffer {
  const pages: Buffer[] = [pageOf(8, 0), pageOf(13, 1)];
  const meta = pages[0];
  meta.writeUInt32LE(0x00061561, 12);
  meta.writeUInt32LE(9, 16);
  meta.writeUInt32LE(PAGE, 20);
  const hash = pages[1];
  // Items grow down from the page end: (key 0, inline counter) then (key n, off-page header).
  const items: Buffer[] = [];
  const key = (n: number) => Buffer.concat([Buffer.from([1]), Buffer.from(Uint32Array.of(n).buffer)]);
  items.push(key(0), Buffer.concat([Buffer.from([1]), Buffer.from(Uint32Array.of(blobs.length + 1).buffer)]));
  blobs.forEach((blob, i) => {
    const first = pages.length;
    for (let at = 0; at < blob.length; at += PAGE - 26) {
      const p = pageOf(7, pages.length);
      const chunk = blob.subarray(at, at + PAGE - 26);
      chunk.copy(p, 26);
      p.writeUInt16LE(chunk.length, 22);
      if (at + PAGE - 26 < blob.length) p.writeUInt32LE(pages.length + 1, 16);
      pages.push(p);
    }
    const off = Buffer.alloc(12);
    off[0] = 3;
    off.writeUInt32LE(first, 4);
    off.writeUInt32LE(blob.length, 8);
    items.push(key(i + 1), off);
  });
  let end = PAGE;
  items.forEach((item, i) => {
    end -= item.length;
    item.copy(hash, end);
    hash.writeUInt16LE(end, 26 + i * 2);
  });
  hash.writeUInt16LE(items.length, 20);
  meta.writeUInt32LE(pages.length - 1, 32);
  return Buffer.concat(pages);
}
