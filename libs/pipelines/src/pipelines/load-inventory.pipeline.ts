import { readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { RESOURCE_STATUS } from '@sca/contracts';
import { definePipeline, defineStep } from '../framework/define';
import { StepContext } from '../framework/step-context';
import { loadInventoryFile } from '../steps/inventory-loader';

const INVENTORY_EXTENSIONS = ['.json', '.xlsx'];

async function inventoryInputs(ctx: StepContext): Promise<string[]> {
  const names = (await readdir(ctx.dirs.input)).filter((n) => INVENTORY_EXTENSIONS.includes(extname(n).toLowerCase())).sort();
  return names.map((n) => join(ctx.dirs.input, n));
}

const getInputs = defineStep({
  name: 'get_inputs',
  doc: 'Locate all the supported input files from the project input/ directory.',
  async run(ctx) {
    const inputs = await inventoryInputs(ctx);
    ctx.log(`${inputs.length} inventory input(s) found`);
  },
});

const buildInventoryFromScans = defineStep({
  name: 'build_inventory_from_scans',
  doc: 'Process JSON scan results files to populate packages, dependencies, and resources.',
  async run(ctx) {
    const inputs = await inventoryInputs(ctx);
    for (const path of inputs) {
      const filename = path.slice(ctx.dirs.input.length + 1);
      if (extname(path).toLowerCase() === '.xlsx') {
        // XLSX inventories are part of the reporting work (exceljs); say so instead of ignoring the file.
        await ctx.messages.warning('load_inventory', `XLSX inventories are not supported yet: ${filename}`, { filename });
        continue;
      }
      ctx.log(`Loading ${filename}`);
      const counts = await loadInventoryFile(ctx, path, async (headers) => {
        // Only ScanCode.io results carry project extra_data (load_inventory_from_scanpipe); a
        // toolkit scan's header extra_data (system_environment, files_count...) is not kept.
        if (headers[0]?.tool_name !== 'scanpipe') return;
        const extra = headers[0]?.extra_data;
        if (extra && typeof extra === 'object' && Object.keys(extra).length > 0) {
          await ctx.updateProjectExtraData(inputs.length > 1 ? { [filename]: extra } : (extra as Record<string, unknown>));
        }
      });
      ctx.log(`Loaded ${counts.resources} resources, ${counts.packages} packages, ${counts.dependencies} dependencies, ${counts.relations} relations from ${filename}`);
    }
    await ctx.dependencies.linkDatafiles();
    // Files that belong to a package and have no status yet are application-package files (ScanCode.io's loader).
    await ctx.resources.setStatusOfPackageMembers(RESOURCE_STATUS.applicationPackage);
  },
});

export const loadInventoryPipeline = definePipeline({
  name: 'load_inventory',
  summary: 'Load JSON/XLSX inventory files generated with ScanCode-toolkit or ScanCode.io.',
  description:
    'Supported format are ScanCode-toolkit JSON scan results, ScanCode.io JSON output, and ScanCode.io XLSX output.\n\nAn inventory is composed of packages, dependencies, resources, and relations.',
  downloadInputs: true,
  isAddon: false,
  steps: [getInputs, buildInventoryFromScans],
});
