import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PipelineDefinition, StepDefinition } from './define';
import { OLD_PIPELINE_NAMES, parsePipelineSelector, PipelineRegistry } from './registry';

const step = (name: string, groups?: string[]): StepDefinition => ({ name, doc: `${name} doc`, groups, run: async () => undefined });
const pipeline = (name: string, downloadInputs: boolean, steps: StepDefinition[]): PipelineDefinition => ({
  name,
  summary: `${name} summary`,
  description: `${name} description`,
  downloadInputs,
  isAddon: false,
  steps,
});
const DOWNLOAD = step('download_missing_inputs');
const SCAN = pipeline('scan_codebase', true, [step('collect'), step('scan', ['Deep'])]);
const INVENTORY = pipeline('load_inventory', true, [step('load')]);
const ADDON = pipeline('find_vulnerabilities', false, [step('lookup')]);

describe('parsePipelineSelector', () => {
  it('gives null groups for a bare name and [] for `name:`', () => {
    expect(parsePipelineSelector('scan_codebase')).toEqual({ name: 'scan_codebase', groups: null });
    expect(parsePipelineSelector('scan_codebase:')).toEqual({ name: 'scan_codebase', groups: [] });
  });

  it('splits groups on commas without validating them', () => {
    expect(parsePipelineSelector('map_deploy_to_develop:Java,JavaScript')).toEqual({ name: 'map_deploy_to_develop', groups: ['Java', 'JavaScript'] });
    expect(parsePipelineSelector('scan_codebase:NoSuchGroup')).toEqual({ name: 'scan_codebase', groups: ['NoSuchGroup'] });
  });

  it('maps every old name, with or without groups', () => {
    for (const [old, current] of Object.entries(OLD_PIPELINE_NAMES)) expect(parsePipelineSelector(old)).toEqual({ name: current, groups: null });
    expect(parsePipelineSelector('docker:Extra')).toEqual({ name: 'analyze_docker_image', groups: ['Extra'] });
    expect(parsePipelineSelector('scan_package')).toEqual({ name: 'scan_single_package', groups: null });
  });

  it('leaves unknown names for the caller to refuse', () => {
    expect(parsePipelineSelector('no_such_pipeline')).toEqual({ name: 'no_such_pipeline', groups: null });
  });
});

describe('PipelineRegistry', () => {
  it('lists built-in pipelines sorted by name', () => {
    const registry = new PipelineRegistry([SCAN, ADDON, INVENTORY], DOWNLOAD);
    expect(registry.names()).toEqual(['find_vulnerabilities', 'load_inventory', 'scan_codebase']);
    expect(registry.get('scan_codebase')).toBe(SCAN);
    expect(registry.get('nope')).toBeUndefined();
  });

  it('puts the download step first only for pipelines that start from inputs', () => {
    const registry = new PipelineRegistry([SCAN, ADDON], DOWNLOAD);
    expect(registry.stepsOf(SCAN).map((s) => s.name)).toEqual(['download_missing_inputs', 'collect', 'scan']);
    expect(registry.stepsOf(ADDON).map((s) => s.name)).toEqual(['lookup']);
  });

  it('describes each pipeline with all its steps, groups and availability', () => {
    const unavailable = { ...ADDON, unavailableReason: () => 'VulnerableCode is not configured.' };
    const [vulns, scan] = new PipelineRegistry([SCAN, unavailable], DOWNLOAD).info();
    expect(Object.keys(scan)).toEqual(['name', 'summary', 'description', 'steps', 'available_groups', 'is_available', 'unavailable_reason']);
    expect(scan).toMatchObject({ name: 'scan_codebase', available_groups: ['Deep'], is_available: true, unavailable_reason: null });
    expect(scan.steps).toEqual([
      { name: 'download_missing_inputs', doc: 'download_missing_inputs doc', groups: [] },
      { name: 'collect', doc: 'collect doc', groups: [] },
      { name: 'scan', doc: 'scan doc', groups: ['Deep'] },
    ]);
    expect(vulns).toMatchObject({ is_available: false, unavailable_reason: 'VulnerableCode is not configured.' });
  });
});

describe('PipelineRegistry with PIPELINES_DIRS', () => {
  let dir: string;
  const write = (file: string, body: string) => writeFileSync(join(dir, file), body);
  const pipelineJs = (name: string, exportAs: 'pipeline' | 'default') =>
    `exports.${exportAs} = { name: '${name}', summary: 's', description: 'd', downloadInputs: false, isAddon: true, steps: [{ name: 'work', doc: 'w', run: async () => {} }] };\n`;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pipelines-'));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('loads `*.pipeline.js` files after the built-in ones, by file name, ignoring other files', () => {
    write('b.pipeline.js', pipelineJs('zz_custom', 'pipeline'));
    write('a.pipeline.js', pipelineJs('aa_custom', 'default'));
    write('helper.js', 'throw new Error("must not be loaded");\n');
    const registry = new PipelineRegistry([SCAN], DOWNLOAD, [dir]);
    expect(registry.names()).toEqual(['scan_codebase', 'aa_custom', 'zz_custom']);
    expect(registry.stepsOf(registry.get('aa_custom') as PipelineDefinition).map((s) => s.name)).toEqual(['work']);
  });

  it('refuses a missing directory', () => {
    expect(() => new PipelineRegistry([SCAN], DOWNLOAD, [join(dir, 'missing')])).toThrow(`PIPELINES_DIRS entry not found: ${join(dir, 'missing')}`);
  });

  it('refuses a file that exports no pipeline', () => {
    write('empty.pipeline.js', 'exports.other = 1;\n');
    expect(() => new PipelineRegistry([], DOWNLOAD, [dir])).toThrow('empty.pipeline.js exports no pipeline');
  });

  it('refuses a loaded pipeline with an invalid name', () => {
    write('bad.pipeline.js', pipelineJs('Bad-Name', 'pipeline'));
    expect(() => new PipelineRegistry([], DOWNLOAD, [dir])).toThrow('Invalid pipeline name: Bad-Name');
  });

  it('refuses a loaded pipeline whose name is already registered', () => {
    write('dup.pipeline.js', pipelineJs('scan_codebase', 'pipeline'));
    expect(() => new PipelineRegistry([SCAN], DOWNLOAD, [dir])).toThrow('The pipeline name "scan_codebase" is already registered.');
  });
});
