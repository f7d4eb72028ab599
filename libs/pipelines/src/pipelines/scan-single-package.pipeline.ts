import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RESOURCE_STATUS } from '@sca/contracts';
import { archiveKind, extractArchive, inputDigests, readArchiveHead, thresholdAlert, type ThresholdAlert } from '@sca/scanner';
import { definePipeline, defineStep } from '../framework/define';
import type { StepContext } from '../framework/step-context';
import { extractCodebaseArchives } from '../steps/codebase/copy-and-extract.steps';
import { loadInventoryFile } from '../steps/inventory-loader';
import { outputTimestamp, runToolkitScan } from '../steps/toolkit-scan';

async function packageInput(ctx: StepContext): Promise<string> {
  const names = await readdir(ctx.dirs.input);
  if (names.length !== 1) throw new Error('Only 1 input file supported');
  return join(ctx.dirs.input, names[0]);
}

async function latestOutput(ctx: StepContext, prefix: string): Promise<string> {
  const names = (await readdir(ctx.dirs.output)).filter((n) => n.startsWith(prefix) && n.endsWith('.json')).sort();
  const name = names.at(-1);
  if (!name) throw new Error(`ENOENT: no ${prefix}*.json in output/`);
  return join(ctx.dirs.output, name);
}

const getPackageInput = defineStep({
  name: 'get_package_input',
  doc: 'Locate the package input in the project\'s input/ directory.',
  async run(ctx) {
    ctx.log(`Package input: ${(await packageInput(ctx)).slice(ctx.dirs.input.length + 1)}`);
  },
});

const collectInputInformation = defineStep({
  name: 'collect_input_information',
  doc: 'Collect and store information about the project input.',
  async run(ctx) {
    const input = await packageInput(ctx);
    const { size, md5, sha1, sha256, sha512 } = await inputDigests(input);
    await ctx.updateProjectExtraData({ filename: input.slice(ctx.dirs.input.length + 1), size, md5, sha1, sha256, sha512 });
  },
});

const extractInputToCodebaseDirectory = defineStep({
  name: 'extract_input_to_codebase_directory',
  doc: 'Copy or extract input to project codebase/ directory.',
  async run(ctx) {
    const input = await packageInput(ctx);
    if (archiveKind(input, await readArchiveHead(input))) {
      const result = await extractArchive(input, ctx.dirs.codebase, { signal: ctx.signal });
      for (const p of result.problems) {
        await ctx.messages.add({ severity: p.severity, description: p.entry ? `${p.reason}: ${p.entry}` : p.reason, model: 'extract_archive', details: { resource_path: p.archive } });
      }
    } else {
      await cp(input, join(ctx.dirs.codebase, input.slice(ctx.dirs.input.length + 1)));
    }
  },
});

const extractArchives = defineStep({
  name: 'extract_archives',
  doc: 'Extract archives located in the codebase/ directory with extractcode.',
  run: (ctx) => extractCodebaseArchives(ctx, 'extract_archives'),
});

const runScan = defineStep({
  name: 'run_scan',
  doc: 'Scan extracted codebase/ content.',
  async run(ctx) {
    const out = await runToolkitScan(ctx, 'scan_single_package');
    ctx.log(`Scan results written to ${out.slice(ctx.dirs.output.length + 1)}`);
  },
});

const loadInventoryFromToolkitScan = defineStep({
  name: 'load_inventory_from_toolkit_scan',
  doc: 'Process a JSON Scan results to populate codebase resources and packages.',
  async run(ctx) {
    const counts = await loadInventoryFile(ctx, await latestOutput(ctx, 'scancode-'), async () => undefined);
    await ctx.dependencies.linkDatafiles();
    await ctx.resources.setStatusOfPackageMembers(RESOURCE_STATUS.applicationPackage);
    ctx.log(`Loaded ${counts.resources} resources, ${counts.packages} packages, ${counts.dependencies} dependencies`);
  },
});

type Json = Record<string, unknown>;

/**
 * ScanCode.io's get_detection_data: a detection's expression, identifier and the matches whose
 * expression is part of it (a substring test, as there).
 */
function detectionData(d: Json): Json {
  const expression = String(d.license_expression ?? '');
  const matches = ((d.matches as Json[]) ?? []).filter((m) => expression.includes(String(m.license_expression ?? '')));
  return { license_expression: d.license_expression, identifier: d.identifier, matches: matches.map((m) => ({ license_expression: m.license_expression, matched_text: m.matched_text })) };
}

/**
 * ScanCode.io's make_results_summary: the toolkit summary, plus the license matches of the
 * resources grouped by expression and path, and the project's text key files (with their
 * content) and their packages, as the API serializes them.
 */
async function summaryDocument(ctx: StepContext, scan: { summary?: Json; files: Json[] }): Promise<Json> {
  const licenseMatches: Record<string, Record<string, Json[]>> = {};
  const withDetections = scan.files
    .filter((f) => f.detected_license_expression !== undefined && ((f.license_detections as Json[]) ?? []).length > 0)
    .map((f) => ({ path: String(f.path).replace(/^codebase\//, ''), expression: String(f.detected_license_expression ?? ''), detections: f.license_detections as Json[] }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const f of withDetections) (licenseMatches[f.expression] ??= {})[f.path] = f.detections.map(detectionData);
  const keyFiles: Json[] = [];
  for await (const r of ctx.resources.keyFiles()) {
    keyFiles.push({ ...r, content: await readFile(join(ctx.dirs.codebase, r.path), 'utf8').catch(() => '') });
  }
  const keyFilesPackages: Json[] = [];
  for await (const p of ctx.packages.ofKeyFiles()) keyFilesPackages.push({ ...p });
  return { ...(scan.summary ?? {}), license_matches: licenseMatches, key_files: keyFiles, key_files_packages: keyFilesPackages };
}

/**
 * The license clarity alert, only when the summary has a clarity score and the run's policies
 * define clarity thresholds (ScanCode.io adds the key only then).
 */
async function clarityComplianceAlert(ctx: StepContext, summary: Json): Promise<ThresholdAlert | null> {
  const score = (summary.license_clarity_score as Json | undefined)?.score;
  if (typeof score !== 'number') return null;
  const thresholds = (await ctx.policies())?.clarityThresholds;
  return thresholds ? thresholdAlert(score, thresholds) : null;
}

const makeSummaryFromScanResults = defineStep({
  name: 'make_summary_from_scan_results',
  doc: 'Build a summary in JSON format from the generated scan results.',
  async run(ctx) {
    const scan = JSON.parse(await readFile(await latestOutput(ctx, 'scancode-'), 'utf8')) as { summary?: Json; files: Json[] };
    const summary = await summaryDocument(ctx, scan);
    const alert = await clarityComplianceAlert(ctx, summary);
    if (alert) {
      summary.license_clarity_compliance_alert = alert; // the last key, as in ScanCode.io
      await ctx.updateProjectExtraData({ license_clarity_compliance_alert: alert });
    }
    const out = join(ctx.dirs.output, `summary-${outputTimestamp()}.json`);
    await writeFile(out, JSON.stringify(summary, null, 2));
    ctx.log(`Summary written to ${out.slice(ctx.dirs.output.length + 1)}`);
  },
});

export const scanSinglePackagePipeline = definePipeline({
  name: 'scan_single_package',
  summary: 'Scan a single package archive (or package manifest file).',
  description:
    'This pipeline scans a single package for package metadata,\ndeclared dependencies, licenses, license clarity score and copyrights.\n\nThe output is a summary of the scan results in JSON format.',
  downloadInputs: true,
  isAddon: false,
  steps: [getPackageInput, collectInputInformation, extractInputToCodebaseDirectory, extractArchives, runScan, loadInventoryFromToolkitScan, makeSummaryFromScanResults],
});
