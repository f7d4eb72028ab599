import { defineStep } from '../../framework/define';
import { storeElfSymbols } from './binary-symbols';

/**
 * The binary groups (ELF, Mach-O, Windows PE, Go, Rust): selectable as in ScanCode.io, but their
 * symbol and debug-information readers are not built yet. The step says so in the run log and
 * maps nothing, rather than pretend.
 */
const notAvailable = (name: string, doc: string, group: string) => defineStep({
  name,
  doc,
  groups: [group],
  async run(ctx) {
    ctx.log(`The ${group} mapping is not available yet: no ${group} binary is mapped to its sources.`);
  },
});

export const mapElf = notAvailable('map_elf', 'Map ELF binaries to their sources using dwarf paths and symbols.', 'Elf');
export const mapMacho = notAvailable('map_macho', 'Map mach0 binaries to their sources using symbols.', 'MacOS');
export const mapWinpe = notAvailable('map_winpe', 'Map winpe binaries to their sources using symbols.', 'Windows');
export const mapGo = notAvailable('map_go', 'Map Go binaries to their sources using paths and symbols.', 'Go');
export const mapRust = notAvailable('map_rust', 'Map Rust binaries to their sources using symbols.', 'Rust');

export const getSymbolsFromBinaries = defineStep({
  name: 'get_symbols_from_binaries',
  doc: 'Extract symbols from Elf, Mach0 and windows binaries for mapping.',
  async run(ctx) {
    const groups = ctx.run.selected_groups ?? [];
    if (groups.some((g) => ['Python', 'Go', 'Elf'].includes(g))) ctx.log(`ELF symbols read from ${await storeElfSymbols(ctx)} to/ binaries.`);
    const other = groups.filter((g) => ['Rust', 'MacOS', 'Windows'].includes(g));
    if (other.length > 0) ctx.log(`Rust, Mach-O and Windows PE symbol extraction is not available yet (selected: ${other.join(', ')}).`);
  },
});
