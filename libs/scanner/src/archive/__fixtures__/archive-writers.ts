/**
 * Small archive writers for the tests: every fixture is generated at test time, so no binary archive
 * is committed. Hostile fixtures need names and headers that well-behaved tools refuse to write,
 * which is why zip, ar, cpio, rpm and zstd frames are assembled by hand here.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import { pack } from 'tar-stream';

export interface ZipFixtureEntry {
  name: string | Buffer;
  data?: Buffer | string;
  /** Unix mode with its type bits (0o120000 symlink, 0o040000 directory); omitted: a plain file. */
  mode?: number;
  store?: boolean;
  /** Set the UTF-8 name flag (bit 11); without it readers decode names as CP437. */
  utf8?: boolean;
  /** Write this CRC instead of the real one, to fake a corrupt member. */
  crc?: number;
}

export function zipArchive(entries: ZipFixtureEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.isBuffer(entry.name) ? entry.name : Buffer.from(entry.name, 'utf8');
    const data = Buffer.from(entry.data ?? '');
    const body = entry.store ? data : deflateRawSync(data);
    const flags = entry.utf8 === false ? 0 : 0x800;
    const crc = entry.crc ?? crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(entry.store ? 0 : 8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, so the mode bits count
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(entry.store ? 0 : 8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export interface TarFixtureEntry {
  name: string;
  data?: Buffer | string;
  type?: 'file' | 'directory' | 'symlink' | 'link' | 'fifo' | 'character-device';
  linkname?: string;
  mode?: number;
}

export async function tarArchive(entries: TarFixtureEntry[]): Promise<Buffer> {
  const packer = pack();
  const chunks: Buffer[] = [];
  packer.on('data', (chunk) => {
    chunks.push(chunk as Buffer);
  });
  const done = new Promise<void>((resolve) => packer.on('end', () => resolve()));
  for (const entry of entries) {
    const data = Buffer.from(entry.data ?? '');
    const type = entry.type ?? 'file';
    await new Promise<void>((resolve, reject) =>
      packer.entry(
        { name: entry.name, type, linkname: entry.linkname, mode: entry.mode, size: type === 'file' ? data.length : 0 },
        type === 'file' ? data : Buffer.alloc(0),
        (error) => (error ? reject(error) : resolve()),
      ),
    );
  }
  packer.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** A GNU ar archive; names longer than 15 bytes go to the "//" table. */
export function arArchive(members: Array<{ name: string; data: Buffer | string }>): Buffer {
  const longNames = members.filter((member) => member.name.length > 15).map((member) => `${member.name}/\n`).join('');
  const parts: Buffer[] = [Buffer.from('!<arch>\n')];
  const header = (name: string, size: number): Buffer =>
    Buffer.from(`${name.padEnd(16)}${'0'.padEnd(12)}${'0'.padEnd(6)}${'0'.padEnd(6)}${'100644'.padEnd(8)}${String(size).padEnd(10)}\`\n`);
  const pad = (size: number): Buffer => Buffer.from(size % 2 ? '\n' : '');
  if (longNames) parts.push(header('//', longNames.length), Buffer.from(longNames), pad(longNames.length));
  for (const member of members) {
    const data = Buffer.from(member.data);
    const name = member.name.length > 15 ? `/${longNames.indexOf(`${member.name}/`)}` : `${member.name}/`;
    parts.push(header(name, data.length), data, pad(data.length));
  }
  return Buffer.concat(parts);
}
