/**
 * The symbols an ELF binary defines (its functions and data objects, from .symtab and .dynsym),
 * as elf-inspector's "local symbols": sorted, once each. Hand-written: reading two section
 * kinds needs no more than the header and section table, and no maintained npm package reads
 * ELF symbol tables without native code.
 */
const ELF_MAGIC = 0x7f454c46;
const SHT_SYMTAB = 2;
const SHT_DYNSYM = 11;
const STT_OBJECT = 1;
const STT_FUNC = 2;
const SHN_UNDEF = 0;

interface Reader {
  u16(at: number): number;
  u32(at: number): number;
  /** A 64-bit or 32-bit address/offset field, as a number. */
  addr(at: number): number;
  is64: boolean;
}

function readerOf(data: Buffer): Reader | null {
  if (data.length < 52 || data.readUInt32BE(0) !== ELF_MAGIC) return null;
  const is64 = data[4] === 2;
  const little = data[5] === 1;
  const u16 = (at: number) => (little ? data.readUInt16LE(at) : data.readUInt16BE(at));
  const u32 = (at: number) => (little ? data.readUInt32LE(at) : data.readUInt32BE(at));
  const addr = (at: number) => (is64 ? Number(little ? data.readBigUInt64LE(at) : data.readBigUInt64BE(at)) : u32(at));
  return { u16, u32, addr, is64 };
}

interface Section {
  type: number;
  offset: number;
  size: number;
  link: number;
  entsize: number;
}

function sections(data: Buffer, r: Reader): Section[] {
  const shoff = r.addr(r.is64 ? 0x28 : 0x20);
  const shentsize = r.u16(r.is64 ? 0x3a : 0x2e);
  const shnum = r.u16(r.is64 ? 0x3c : 0x30);
  const out: Section[] = [];
  for (let i = 0; i < shnum; i++) {
    const at = shoff + i * shentsize;
    if (at + shentsize > data.length) break;
    out.push(r.is64
      ? { type: r.u32(at + 4), offset: r.addr(at + 0x18), size: r.addr(at + 0x20), link: r.u32(at + 0x28), entsize: r.addr(at + 0x38) }
      : { type: r.u32(at + 4), offset: r.u32(at + 0x10), size: r.u32(at + 0x14), link: r.u32(at + 0x18), entsize: r.u32(at + 0x24) });
  }
  return out;
}

function nameAt(data: Buffer, strtab: Section, offset: number): string {
  const start = strtab.offset + offset;
  if (offset >= strtab.size || start >= data.length) return '';
  const end = data.indexOf(0, start);
  return data.toString('latin1', start, end < 0 ? Math.min(data.length, strtab.offset + strtab.size) : end);
}

/** The defined function and object symbols of an ELF file, sorted; null when `data` is not ELF. */
export function elfDefinedSymbols(data: Buffer): string[] | null {
  const r = readerOf(data);
  if (!r) return null;
  const all = sections(data, r);
  const names = new Set<string>();
  for (const table of all.filter((s) => s.type === SHT_SYMTAB || s.type === SHT_DYNSYM)) {
    const strtab = all[table.link];
    const entsize = table.entsize || (r.is64 ? 24 : 16);
    if (!strtab) continue;
    for (let at = table.offset; at + entsize <= table.offset + table.size && at + entsize <= data.length; at += entsize) {
      const info = data[at + (r.is64 ? 4 : 12)];
      const shndx = r.u16(at + (r.is64 ? 6 : 14));
      const type = info & 0xf;
      if (shndx === SHN_UNDEF || (type !== STT_FUNC && type !== STT_OBJECT)) continue;
      const name = nameAt(data, strtab, r.u32(at));
      if (name) names.add(name);
    }
  }
  return [...names].sort();
}

/** Whether libmagic's description is that of an ELF executable, relocatable or shared object (ScanCode.io's `elfs()`). */
export function isElfFileType(fileType: string): boolean {
  const t = fileType.toLowerCase();
  return t.startsWith('elf') && (t.includes('executable') || t.includes('relocatable') || t.includes('shared object'));
}

/**
 * The function names ScanCode.io looks for in compiled extension modules: the `def` functions at
 * the top level of a Python source. ScanCode.io parses with tree-sitter's Python grammar, which
 * cannot parse Cython's `cdef class` headers and recovers their methods at the top level: for
 * .pyx and .pxd files the methods' names count too.
 */
export function pythonFunctionNames(source: string, extension: string): string[] {
  const cython = extension === '.pyx' || extension === '.pxd';
  const pattern = cython ? /^[ \t]*(?:async\s+)?c?p?def\s+(?:[\w.*[\], ]+\s+)?(\w+)\s*\(/gm : /^(?:async\s+)?def\s+(\w+)\s*\(/gm;
  const names: string[] = [];
  for (const m of source.matchAll(pattern)) if (!names.includes(m[1])) names.push(m[1]);
  return names;
}
