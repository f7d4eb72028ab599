/**
 * A minimal read-only SQLite file reader: enough to list the rows of one rowid table (the
 * rpmdb's `Packages (hnum INTEGER PRIMARY KEY, blob BLOB)`). Hand-written rather than sql.js
 * because a handler's `parse` is synchronous and sql.js only initializes asynchronously (its
 * WASM module load returns a Promise); the table b-tree format is small and stable
 * (https://www.sqlite.org/fileformat2.html). Pages are visited at most once and overflow chains
 * are bounded by the page count, so a hostile file cannot loop or over-allocate. Changes still
 * in a `-wal` file are not seen.
 */

type Value = null | number | string | Buffer;

const MAGIC = 'SQLite format 3\0';

export class SqliteFile {
  readonly pageSize: number;
  readonly usable: number;
  readonly pageCount: number;

  constructor(private readonly buf: Buffer) {
    if (buf.length < 100 || buf.toString('latin1', 0, 16) !== MAGIC) throw new Error('not an SQLite database: bad header');
    const ps = buf.readUInt16BE(16);
    this.pageSize = ps === 1 ? 65536 : ps;
    if (this.pageSize < 512 || (this.pageSize & (this.pageSize - 1)) !== 0) throw new Error(`invalid SQLite database: page size ${ps}`);
    this.usable = this.pageSize - buf[20];
    this.pageCount = Math.floor(buf.length / this.pageSize);
    if (this.pageCount < 1) throw new Error('truncated SQLite database');
  }

  private page(n: number): Buffer {
    if (n < 1 || n > this.pageCount) throw new Error(`invalid SQLite database: page ${n} out of range`);
    return this.buf.subarray((n - 1) * this.pageSize, n * this.pageSize);
  }

  /** Every row of the table b-tree rooted at `root`, as decoded records. */
  rows(root: number): Value[][] {
    const out: Value[][] = [];
    const seen = new Set<number>();
    const stack = [root];
    while (stack.length) {
      const n = stack.pop() as number;
      if (seen.has(n)) throw new Error(`invalid SQLite database: page ${n} visited twice`);
      seen.add(n);
      const page = this.page(n);
      const hdr = n === 1 ? 100 : 0;
      const type = page[hdr];
      const cells = page.readUInt16BE(hdr + 3);
      const ptrs = hdr + (type === 0x05 ? 12 : 8);
      if (ptrs + cells * 2 > page.length) throw new Error(`invalid SQLite database: page ${n} cell array overflows`);
      if (type === 0x05) {
        // Interior: children right to left on the stack, so rows come out in rowid order.
        stack.push(page.readUInt32BE(hdr + 8));
        for (let i = cells - 1; i >= 0; i--) stack.push(page.readUInt32BE(page.readUInt16BE(ptrs + i * 2)));
      } else if (type === 0x0d) {
        for (let i = 0; i < cells; i++) out.push(decodeRecord(this.cellPayload(page, page.readUInt16BE(ptrs + i * 2))));
      } else throw new Error(`invalid SQLite database: page ${n} is not a table b-tree page (type ${type})`);
    }
    return out;
  }

  private cellPayload(page: Buffer, at: number): Buffer {
    const [size, a] = varint(page, at);
    const [, b] = varint(page, a);
    const x = this.usable - 35;
    if (size <= x) {
      if (b + size > page.length) throw new Error('invalid SQLite database: cell past page end');
      return page.subarray(b, b + size);
    }
    if (size > this.pageCount * this.usable) throw new Error('invalid SQLite database: payload larger than the file');
    const m = Math.floor(((this.usable - 12) * 32) / 255) - 23;
    const k = m + ((size - m) % (this.usable - 4));
    const local = k <= x ? k : m;
    const parts = [page.subarray(b, b + local)];
    let got = local;
    let next = page.readUInt32BE(b + local);
    for (let hops = 0; got < size; hops++) {
      if (next === 0 || hops > this.pageCount) throw new Error('invalid SQLite database: broken overflow chain');
      const ov = this.page(next);
      const take = Math.min(size - got, this.usable - 4);
      parts.push(ov.subarray(4, 4 + take));
      got += take;
      next = ov.readUInt32BE(0);
    }
    return Buffer.concat(parts);
  }

  /** Root page of a table by name, from sqlite_master. */
  tableRoot(name: string): number | null {
    for (const row of this.rows(1)) if (row[0] === 'table' && row[1] === name && typeof row[3] === 'number') return row[3];
    return null;
  }
}

function varint(buf: Buffer, at: number): [number, number] {
  let v = 0;
  for (let i = 0; i < 9; i++) {
    if (at + i >= buf.length) throw new Error('invalid SQLite database: truncated varint');
    const byte = buf[at + i];
    if (i === 8) return [v * 256 + byte, at + 9];
    v = v * 128 + (byte & 0x7f);
    if (byte < 0x80) return [v, at + i + 1];
  }
  return [v, at + 9];
}

const INT_SIZES = [0, 1, 2, 3, 4, 6, 8];

function decodeRecord(p: Buffer): Value[] {
  const [headerSize, first] = varint(p, 0);
  if (headerSize > p.length) throw new Error('invalid SQLite database: record header past payload');
  const types: number[] = [];
  for (let at = first; at < headerSize; ) {
    const [t, next] = varint(p, at);
    types.push(t);
    at = next;
  }
  const out: Value[] = [];
  let at = headerSize;
  for (const t of types) {
    const len = t >= 12 ? Math.floor((t - 12) / 2) : t <= 6 ? INT_SIZES[t] : t === 7 ? 8 : 0;
    if (at + len > p.length) throw new Error('invalid SQLite database: record value past payload');
    if (t === 0 || t === 7) out.push(null);
    else if (t === 8 || t === 9) out.push(t - 8);
    else if (t <= 6) out.push(p.readIntBE(at + Math.max(0, len - 6), Math.min(len, 6)));
    else if (t % 2 === 0) out.push(p.subarray(at, at + len));
    else out.push(p.toString('utf8', at, at + len));
    at += len;
  }
  return out;
}
