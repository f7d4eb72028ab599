import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RelationByIds } from '@sca/persistence';
import { isElfFileType, pythonFunctionNames } from '@sca/scanner';
import type { StepContext } from '../../framework/step-context';
import { defineStep } from '../../framework/define';

/** `foo_pb2.py`, `foo_pb2.pyi`, `foo_pb3.py` -> `foo`: the generated protobuf modules. */
const PROTOBUF_MODULE = /^(.+)_pb[23]$/;
const protobufBaseName = (name: string) => PROTOBUF_MODULE.exec(name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : name)?.[1] ?? null;

const PYTHON_SOURCES = ['.pyx', '.pxd', '.py', '.pyi'];

/**
 * ScanCode.io's map_python_pyx_to_binaries: a from/ Python or Cython source is related to each
 * to/ ELF binary without a relation whose extra_data (its symbols) contains one of the source's
 * function names, case-insensitively.
 */
async function mapPythonPyxToBinaries(ctx: StepContext): Promise<number> {
  const elfs = (await ctx.d2dResources.list({ side: 'to', type: 'file', noRelation: true })).filter((r) => isElfFileType(r.file_type));
  if (elfs.length === 0) return 0;
  const haystacks = elfs.map((r) => ({ id: r.id, text: JSON.stringify(r.extra_data).toLowerCase() }));
  const relations: RelationByIds[] = [];
  for (const source of await ctx.d2dResources.list({ side: 'from', type: 'file', extensions: PYTHON_SOURCES })) {
    const text = await readFile(join(ctx.dirs.codebase, source.path), 'utf8').catch(() => '');
    const names = pythonFunctionNames(text, source.extension).map((n) => n.toLowerCase());
    if (names.length === 0) continue;
    for (const elf of haystacks) if (names.some((n) => elf.text.includes(n))) relations.push({ fromId: source.id, toId: elf.id, mapType: 'python_pyx_match' });
  }
  return ctx.relations.insertByIds(relations);
}

export const mapPython = defineStep({
  name: 'map_python',
  doc: 'Map binaries from Python packages to their sources using dwarf paths and\nsymbols.',
  groups: ['Python'],
  async run(ctx) {
    ctx.log(`${await mapPythonPyxToBinaries(ctx)} python_pyx_match relation(s) created`);
    const modules = await ctx.d2dResources.list({ side: 'to', type: 'file', noRelation: true, extensions: ['.py', '.pyi'] });
    // One .proto per base name, the last in path order, as ScanCode.io's index keeps it.
    const protoByBase = new Map((await ctx.d2dResources.list({ side: 'from', type: 'file', extensions: ['.proto'] })).map((p) => [p.name.replace('.proto', ''), p]));
    const relations: RelationByIds[] = [];
    for (const module of modules) {
      const base = protobufBaseName(module.name);
      const proto = base === null ? undefined : protoByBase.get(base);
      if (proto) relations.push({ fromId: proto.id, toId: module.id, mapType: 'protobuf_mapping', extraData: { protobuf_base_name: base } });
    }
    ctx.log(`${await ctx.relations.insertByIds(relations)} protobuf_mapping relation(s) created`);
  },
});
