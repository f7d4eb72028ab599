/** cpio, rpm and zstd writers for the tests (see archive-writers.ts for why they are hand-made). */

export interface CpioFixtureEntry {
  name: string;
  mode: number;
  data?: Buffer | string;
  inode?: number;
  nlink?: number;
}

export function cpioNewc(entries: CpioFixtureEntry[]): Buffer {
  const parts: Buffer[] = [];
  const pad = (length: number): Buffer => Buffer.alloc((4 - (length % 4)) % 4);
  const all = [...entries, { name: 'TRAILER!!!', mode: 0 }];
  all.forEach((entry, index) => {
    const data = Buffer.from(entry.data ?? '');
    const name = Buffer.from(`${entry.name}\0`, 'utf8');
    const fields = [entry.inode ?? index + 1, entry.mode, 0, 0, entry.nlink ?? 1, 0, data.length, 0, 0, 0, 0, name.length, 0];
    const header = Buffer.from(`070701${fields.map((field) => field.toString(16).padStart(8, '0')).join('')}`, 'latin1');
    parts.push(header, name, pad(header.length + name.length), data, pad(data.length));
  });
  return Buffer.concat(parts);
}

export function cpioOdc(entries: CpioFixtureEntry[]): Buffer {
  const parts: Buffer[] = [];
  const octal = (value: number, width: number): string => value.toString(8).padStart(width, '0');
  [...entries, { name: 'TRAILER!!!', mode: 0 }].forEach((entry, index) => {
    const data = Buffer.from(entry.data ?? '');
    const name = Buffer.from(`${entry.name}\0`, 'utf8');
    const header = `070707${octal(0, 6)}${octal(index + 1, 6)}${octal(entry.mode, 6)}${octal(0, 6)}${octal(0, 6)}${octal(1, 6)}${octal(0, 6)}${octal(0, 11)}${octal(name.length, 6)}${octal(data.length, 11)}`;
    parts.push(Buffer.from(header, 'latin1'), name, data);
  });
  return Buffer.concat(parts);
}

/** An rpm: lead, a signature header (with padding), a main header, then the given payload. */
export function rpmPackage(payload: Buffer): Buffer {
  const lead = Buffer.alloc(96);
  lead.writeUInt32BE(0xedabeedb, 0);
  lead.writeUInt8(3, 4);
  const header = (dataSize: number): Buffer => {
    const intro = Buffer.alloc(16);
    intro.writeUInt32BE(0x8eade801, 0);
    intro.writeUInt32BE(1, 8);
    intro.writeUInt32BE(dataSize, 12);
    return Buffer.concat([intro, Buffer.alloc(16), Buffer.alloc(dataSize, 0x41)]);
  };
  const signature = header(5); // 96 + 37 bytes: three bytes of padding to reach 8-byte alignment
  return Buffer.concat([lead, signature, Buffer.alloc(3), header(7), payload]);
}

/** A zstd frame of raw blocks (no compression needed to exercise the decoder). */
export function zstdFrame(data: Buffer): Buffer {
  const blocks: Buffer[] = [Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38])]; // 128 KiB window
  const max = 128 * 1024;
  for (let start = 0; start < data.length || start === 0; start += max) {
    const part = data.subarray(start, start + max);
    const last = start + max >= data.length ? 1 : 0;
    blocks.push(blockHeader((part.length << 3) | last), part);
    if (data.length === 0) break;
  }
  return Buffer.concat(blocks);
}

/** A zstd bomb: `count` RLE blocks of 128 KiB, four bytes each. */
export function zstdRleBomb(count: number): Buffer {
  const blocks: Buffer[] = [Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38])];
  for (let index = 0; index < count; index++) {
    const last = index === count - 1 ? 1 : 0;
    blocks.push(blockHeader(((128 * 1024) << 3) | (1 << 1) | last), Buffer.from([0x61]));
  }
  return Buffer.concat(blocks);
}

function blockHeader(value: number): Buffer {
  return Buffer.from([value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff]);
}
