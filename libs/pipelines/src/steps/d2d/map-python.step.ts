import type { D2dRelationInput } from '@sca/persistence';
import { defineStep } from '../../framework/define';

/** `foo_pb2.py`, `foo_pb2.pyi`, `foo_pb3.py` -> `foo`: the generated protobuf modules. */
const PROTOBUF_MODULE = /^(.+)_pb[23]\.pyi?$/;

export const mapPython = defineStep({
  name: 'map_python',
  doc: 'Map binaries from Python packages to their sources using dwarf paths and\nsymbols.',
  groups: ['Python'],
  async run(ctx) {
    // Cython names in compiled extension modules need the ELF symbols of the binaries, which
    // are not read yet: that half of the step is not available.
    ctx.log('Mapping .pyx sources to binaries is not available yet: ELF symbols are not read.');
    const modules = (await ctx.d2dResources.list({ side: 'to', type: 'file', noStatus: true })).filter((r) => PROTOBUF_MODULE.test(r.name));
    const protos = await ctx.d2dResources.list({ side: 'from', type: 'file', extensions: ['.proto'] });
    const relations: D2dRelationInput[] = [];
    for (const module of modules) {
      const base = (PROTOBUF_MODULE.exec(module.name) as RegExpExecArray)[1];
      for (const proto of protos.filter((p) => p.name === `${base}.proto`)) {
        relations.push({ fromId: proto.id, toId: module.id, mapType: 'protobuf_mapping', extraData: { protobuf_base_name: base } });
      }
    }
    ctx.log(`${await ctx.d2dResources.relate(relations)} protobuf_mapping relation(s) created`);
  },
});
