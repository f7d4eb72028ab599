import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { definePipeline, PipelineDefinition, StepDefinition } from './define';
import { pipelineInfo, PipelineInfo } from './pipeline-info';

/** Old pipeline names ScanCode.io still accepts (reference §3.2). */
export const OLD_PIPELINE_NAMES: Record<string, string> = {
  docker: 'analyze_docker_image',
  root_filesystems: 'analyze_root_filesystem_or_vm_image',
  docker_windows: 'analyze_windows_docker_image',
  inspect_manifest: 'inspect_packages',
  deploy_to_develop: 'map_deploy_to_develop',
  scan_package: 'scan_single_package',
  scan_codebase_packages: 'inspect_packages',
  collect_pygments_symbols: 'collect_symbols_pygments',
  collect_source_strings: 'collect_strings_gettext',
  collect_symbols: 'collect_symbols_ctags',
  collect_tree_sitter_symbols: 'collect_symbols_tree_sitter',
};

export interface PipelineSelector {
  name: string;
  /** null for a bare name; [] for `name:`. */
  groups: string[] | null;
}

/** Parses `name` or `name:Group1,Group2`, mapping old names. */
export function parsePipelineSelector(value: string): PipelineSelector {
  const colon = value.indexOf(':');
  const rawName = (colon < 0 ? value : value.slice(0, colon)).trim();
  const groups = colon < 0 ? null : value.slice(colon + 1).split(',').map((g) => g.trim()).filter((g) => g !== '');
  return { name: OLD_PIPELINE_NAMES[rawName] ?? rawName, groups };
}

/**
 * The explicit list of pipelines this deployment runs, plus pipelines loaded from
 * PIPELINES_DIRS (like SCANCODEIO_PIPELINES_DIRS): every `*.pipeline.js` file there exports
 * a pipeline definition as `pipeline` or `default`.
 */
export class PipelineRegistry {
  private readonly byName = new Map<string, PipelineDefinition>();

  constructor(builtIn: PipelineDefinition[], private readonly downloadStep: StepDefinition, extraDirs: string[] = []) {
    for (const p of [...builtIn].sort((a, b) => a.name.localeCompare(b.name))) this.byName.set(p.name, p);
    for (const dir of extraDirs) this.loadDirectory(dir);
  }

  private loadDirectory(dir: string): void {
    const abs = resolve(dir);
    if (!existsSync(abs)) throw new Error(`PIPELINES_DIRS entry not found: ${abs}`);
    for (const file of readdirSync(abs).filter((f) => f.endsWith('.pipeline.js')).sort()) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const mod = require(join(abs, file)) as { pipeline?: PipelineDefinition; default?: PipelineDefinition };
      const def = mod.pipeline ?? mod.default;
      if (!def) throw new Error(`${file} exports no pipeline`);
      // As ScanCode.io does: a second pipeline of the same name is a configuration error, not an override.
      if (this.byName.has(def.name)) throw new Error(`The pipeline name "${def.name}" is already registered.`);
      this.byName.set(def.name, definePipeline(def));
    }
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  get(name: string): PipelineDefinition | undefined {
    return this.byName.get(name);
  }

  /** All steps in execution order, including the hidden download step. */
  stepsOf(p: PipelineDefinition): StepDefinition[] {
    return p.downloadInputs ? [this.downloadStep, ...p.steps] : p.steps;
  }

  info(): PipelineInfo[] {
    return [...this.byName.values()].map((p) => pipelineInfo(p, this.stepsOf(p)));
  }
}
