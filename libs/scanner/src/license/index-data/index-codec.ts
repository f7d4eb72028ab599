import { ARRAY_FIELDS, type ArrayField, type IndexData } from './index-data';

/** Index file format: magic, a JSON header (strings, rule metadata, array table), then the arrays, 8-byte aligned. */
const MAGIC = 'SWLIDX08';

type Typed = Int32Array | Float64Array | Uint8Array | Uint32Array;
const CONSTRUCTORS = { Int32Array, Float64Array, Uint8Array, Uint32Array } as const;
type TypeName = keyof typeof CONSTRUCTORS;

interface Header {
  words: string[];
  rules: IndexData['rules'];
  arrays: { name: ArrayField; type: TypeName; offset: number; length: number }[];
}

const align8 = (n: number): number => (n + 7) & ~7;

export function encodeIndex(data: IndexData): Buffer {
  const arrays: Header['arrays'] = [];
  let offset = 0;
  for (const name of ARRAY_FIELDS) {
    const a = data[name] as Typed;
    arrays.push({ name, type: a.constructor.name as TypeName, offset, length: a.length });
    offset = align8(offset + a.byteLength);
  }
  const header = Buffer.from(JSON.stringify({ words: data.words, rules: data.rules, arrays } satisfies Header), 'utf8');
  const start = align8(MAGIC.length + 4 + header.length);
  const out = Buffer.alloc(start + offset);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(header.length, MAGIC.length);
  header.copy(out, MAGIC.length + 4);
  for (const { name, offset: at } of arrays) {
    const a = data[name] as Typed;
    Buffer.from(a.buffer, a.byteOffset, a.byteLength).copy(out, start + at);
  }
  return out;
}

/**
 * Reads an index file's bytes. The arrays are views on `buffer` (no copy), so a SharedArrayBuffer
 * read once serves every thread; only the JSON header is parsed per call.
 */
export function decodeIndex(buffer: ArrayBufferLike): IndexData {
  const bytes = new Uint8Array(buffer);
  const magic = Buffer.from(bytes.subarray(0, MAGIC.length)).toString('latin1');
  if (magic !== MAGIC) throw new Error(`not a license index of this version (magic ${JSON.stringify(magic)}): rebuild it with npm run build`);
  const headerLength = Buffer.from(bytes.subarray(MAGIC.length, MAGIC.length + 4)).readUInt32LE(0);
  const header = JSON.parse(Buffer.from(bytes.subarray(MAGIC.length + 4, MAGIC.length + 4 + headerLength)).toString('utf8')) as Header;
  const start = align8(MAGIC.length + 4 + headerLength);
  const data: Partial<IndexData> = { words: header.words, rules: header.rules };
  for (const { name, type, offset, length } of header.arrays) {
    (data as Record<string, unknown>)[name] = new CONSTRUCTORS[type](buffer as ArrayBuffer, start + offset, length);
  }
  return data as IndexData;
}
