import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RESOURCE_STATUS } from '@sca/contracts';
import {
  detectSbom, mayBeSbom, packageFromData, parseSbom, SbomParseError, type Dependency, type Package, type SbomImportResult,
} from '@sca/scanner';
import { definePipeline, defineStep } from '../framework/define';
import type { StepContext } from '../framework/step-context';
import { CODEBASE_INTAKE_STEPS } from '../steps/codebase/intake-steps';
import { saveDependencies, savePackages } from '../steps/codebase/scan-packages.step';

const SBOM_DATA_FILE = 'sbom-data.json';

interface SbomData {
  path: string;
  result: SbomImportResult;
}

const getSbomInputs = defineStep({
  name: 'get_sbom_inputs',
  doc: 'Locate all the SBOMs among the codebase resources.',
  async run(ctx) {
    const found: string[] = [];
    const codebase = await ctx.codebase();
    for await (const { path } of ctx.resources.withoutStatus({ filesOnly: true })) {
      // Only candidate names are read: the other files of the codebase cannot be an SBOM.
      if (!mayBeSbom(path)) continue;
      const content = codebase.read(path);
      if (content && detectSbom(path, content)) found.push(path);
    }
    if (found.length) await ctx.resources.setStatus(found, RESOURCE_STATUS.applicationPackage);
    else await ctx.messages.warning('get_sbom_inputs', 'No resources containing package data found in codebase.');
    ctx.log(`${found.length} SBOM input(s)`);
  },
});

const getDataFromSboms = defineStep({
  name: 'get_data_from_sboms',
  doc: 'Get package data from SBOMs.',
  async run(ctx) {
    const data: SbomData[] = [];
    const headers: Record<string, unknown> = {};
    const codebase = await ctx.codebase();
    for (const path of await ctx.resources.pathsWithStatus(RESOURCE_STATUS.applicationPackage, { filesOnly: true })) {
      // A document that cannot be read or parsed is an error message; the others still load.
      const result = await ctx.messages.saveErrors(
        'get_data_from_sboms',
        { resource_path: path },
        async () => {
          const content = codebase.read(path);
          if (!content) throw new Error('the file cannot be read');
          return parseSbom(path, content);
        },
        (e) => (e instanceof SbomParseError ? e.message : `SBOM document "${path}" could not be read: ${(e as Error).message}`),
      );
      if (!result) continue;
      for (const e of result.errors) await ctx.messages.error('get_data_from_sboms', e, { resource_path: path });
      headers[path.split('/').pop() ?? path] = result.headers;
      data.push({ path, result });
    }
    await ctx.updateProjectExtraData({ sboms_headers: headers });
    await writeFile(join(ctx.dirs.tmp, SBOM_DATA_FILE), JSON.stringify(data));
  },
});

async function loadSbomData(ctx: StepContext): Promise<SbomData[]> {
  return JSON.parse(await readFile(join(ctx.dirs.tmp, SBOM_DATA_FILE), 'utf8')) as SbomData[];
}

/** Statements the SBOM gave without an SPDX expression are license-detected on a worker thread. */
async function detectStatementLicenses(ctx: StepContext, data: SbomData[]): Promise<void> {
  const pending = data.flatMap(({ path, result }) => result.packages.filter((pd) => pd.extracted_license_statement && !pd.declared_license_expression).map((pd) => ({ pd, path })));
  if (pending.length === 0) return;
  const pool = ctx.scanPool();
  const fields = await pool.licenseFields(pending.map(({ pd, path }) => ({ statement: pd.extracted_license_statement as string, path })));
  pending.forEach(({ pd }, i) => Object.assign(pd, fields[i]));
}

const createPackagesFromSboms = defineStep({
  name: 'create_packages_from_sboms',
  doc: 'Create the packages declared in the SBOMs.',
  async run(ctx) {
    const packages: Package[] = [];
    const data = await loadSbomData(ctx);
    await detectStatementLicenses(ctx, data);
    for (const { path, result } of data) {
      for (const pd of result.packages) {
        const pkg = packageFromData(pd, path, () => randomUUID());
        // The SBOM's own ids (SPDXID, bom-ref) are the package uids, as ScanCode.io keeps them.
        if (pd.package_uid) pkg.package_uid = pd.package_uid;
        packages.push(Object.assign(pkg, { filename: pd.filename ?? '', affected_by_vulnerabilities: pd.affected_by_vulnerabilities }));
      }
    }
    await savePackages(ctx, packages, 'create_packages_from_sboms');
    await ctx.packages.linkFirstDatafiles();
    ctx.log(`${packages.length} package(s) from SBOMs`);
  },
});

const createDependenciesFromSboms = defineStep({
  name: 'create_dependencies_from_sboms',
  doc: 'Create the dependency relationships declared in the SBOMs.',
  async run(ctx) {
    const dependencies: (Dependency & { resolved_to_package_uid: string })[] = [];
    for (const { path, result } of await loadSbomData(ctx)) {
      const byUid = new Map(result.packages.filter((p) => p.package_uid).map((p) => [p.package_uid as string, p]));
      for (const edge of result.dependencies) {
        const target = byUid.get(edge.to);
        if (!target || !byUid.has(edge.from)) {
          await ctx.messages.error('create_dependencies_from_sboms', `Could not find resolved_to package entry: ${edge.to}.`, { resource_path: path });
          continue;
        }
        dependencies.push({
          purl: target.purl, extracted_requirement: target.version, scope: null, is_runtime: edge.is_runtime, is_optional: false,
          is_pinned: edge.is_pinned, is_direct: edge.is_direct, resolved_package: {}, extra_data: {},
          dependency_uid: `${target.purl ?? 'pkg:generic/unknown'}?uuid=${randomUUID()}`, for_package_uid: edge.from, resolved_to_package_uid: edge.to,
          datafile_path: path, datasource_id: target.datasource_id,
        });
      }
    }
    await saveDependencies(ctx, dependencies, 'create_dependencies_from_sboms');
    await ctx.dependencies.linkDatafiles();
    ctx.log(`${dependencies.length} dependencies from SBOMs`);
  },
});

export const loadSbomPipeline = definePipeline({
  name: 'load_sbom',
  summary: 'Create packages and dependencies by loading an SBOM file.',
  description: 'Supported SBOMs:\n- SPDX document (2.2, 2.3): JSON, YAML and tag-value\n- CycloneDX BOM (1.2 to 1.6): JSON and XML',
  downloadInputs: true,
  isAddon: false,
  steps: [...CODEBASE_INTAKE_STEPS, getSbomInputs, getDataFromSboms, createPackagesFromSboms, createDependenciesFromSboms],
});
