import { mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir, cpus } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { SingleBar, Presets } from 'cli-progress';
import { SerializedToolkitRecord, writeToolkitJson, type PackageSections } from '@sca/formats';
import { archiveKind, extractArchive, extractRecursively } from '../archive';
import { DEFAULT_SCAN_OPTIONS, ScanOptions } from '../scan/scan-options';
import { scanCodebase } from '../scan/scan-codebase';
import { toolkitLicenseReferences } from '../scan/toolkit-references';
import { LicenseReferenceFollower } from '../scan/reference-follower';
import { LicenseReviewCollector } from '../scan/review-collector';
import { DEFAULT_WORKER_MEMORY_MB, MIN_WORKER_MEMORY_MB } from '../scan/scan-pool';
import { prepareImageInput } from './image-input';
import { PackageCollector } from './package-assembly';
import { hasSbomTarget, sbomInput, writeOutput, writeSboms, type SbomTargets } from './sbom-outputs';
import { LICENSEDB_ATTRIBUTION } from '../license/licensedb/attribution';

const VERSION = '0.1.0';

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('must be a whole number');
  return n;
}

function atLeast(min: number): (value: string) => number {
  return (value) => {
    const n = positiveInt(value);
    if (n < min) throw new InvalidArgumentError(`must be at least ${min}`);
    return n;
  };
}

/** An archive input is extracted, recursively, into `<name>-extract/` (ScanCode.io's layout). */
async function prepareInput(input: string, log: (m: string) => void): Promise<{ root: string; cleanup: () => Promise<void> }> {
  const st = await stat(input);
  if (st.isDirectory()) return { root: input, cleanup: async () => undefined };
  const fh = await open(input, 'r');
  const head = Buffer.alloc(512);
  await fh.read(head, 0, 512, 0);
  await fh.close();
  if (!archiveKind(input, head)) return { root: input, cleanup: async () => undefined };
  const work = await mkdtemp(join(tmpdir(), 'codescan-input-'));
  const root = join(work, `${basename(input)}-extract`);
  const first = await extractArchive(input, root);
  const nested = await extractRecursively(root);
  for (const p of [...first.problems, ...nested.problems]) log(`${p.severity}: ${p.archive}${p.entry ? ` (${p.entry})` : ''}: ${p.reason}`);
  return { root, cleanup: () => rm(work, { recursive: true, force: true }) };
}

/** A scratch file for the toolkit JSON when it is not kept as such (standard output, pretty-printed, SBOMs only). */
async function scratchJson(): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), 'codescan-out-')), 'scan.json');
}

/** The output options as the headers list them. */
/** Consumes the scan's records, counting them and those with scan errors. */
async function countRecords(records: AsyncIterable<Record<string, unknown> | SerializedToolkitRecord>): Promise<{ files: number; errors: number }> {
  let files = 0;
  let errors = 0;
  for await (const record of records) {
    files++;
    const failed = record instanceof SerializedToolkitRecord ? record.hasErrors : Array.isArray(record['scan_errors']) && record['scan_errors'].length > 0;
    if (failed) errors++;
  }
  return { files, errors };
}

function outputOptions(o: { json?: string; jsonPp?: string; cyclonedx?: string; cyclonedxXml?: string; spdx?: string; spdxTv?: string }): Record<string, string> {
  const named: [string, string | undefined][] = [['--json', o.json], ['--json-pp', o.jsonPp], ['--cyclonedx', o.cyclonedx], ['--cyclonedx-xml', o.cyclonedxXml], ['--spdx', o.spdx], ['--spdx-tv', o.spdxTv]];
  return Object.fromEntries(named.filter((x): x is [string, string] => x[1] !== undefined));
}

export async function main(argv: string[]): Promise<number> {
  const program = new Command('codescan')
    .description('Scan a directory or an archive for licenses, copyrights, emails, URLs and file info; write ScanCode-toolkit JSON.')
    .argument('[path]', 'directory or archive to scan')
    .option('--image <image>', 'scan a container image instead: a docker save archive (.tar, .tar.gz, .tar.xz, .tar.zst), an OCI layout directory or an OCI archive. The layers are squashed into the root filesystem a container sees (deleted files gone, each path and each installed package once); image and layer details go to the headers\' extra_data.images. Per-layer analysis is the analyze_docker_image pipeline\'s job.')
    .option('--platform <os/arch>', 'with --image: the platform taken from a multi-arch OCI index', 'linux/amd64')
    .option('--json <file>', 'write ScanCode-toolkit JSON to this file (- for standard output)')
    .option('--json-pp <file>', 'write ScanCode-toolkit JSON, pretty-printed, to this file (- for standard output)')
    .option('--cyclonedx <file>', 'write a CycloneDX 1.6 JSON SBOM of the packages found (with --package) to this file (- for standard output)')
    .option('--cyclonedx-xml <file>', 'write a CycloneDX 1.6 XML SBOM to this file (- for standard output)')
    .option('--spdx <file>', 'write an SPDX 2.3 SBOM to this file: JSON for a .json name or - (standard output), tag-value for any other name')
    .option('--spdx-tv <file>', 'write an SPDX 2.3 tag-value SBOM to this file (- for standard output)')
    .option('-n, --processes <n>', 'worker threads (0: scan in the main thread); default: one per core, none for a packages-only run', positiveInt, cpus().length)
    .option('-l, --license', 'detect licenses')
    .option('--license-text', 'with --license: give each license match its matched_text (the whole lines it spans)')
    .option('--license-diagnostics', 'with --license: give every license detection its detection_log, empty or not')
    .option('--license-references', 'with --license: add the license_references and license_rule_references sections (the LicenseDB\'s data of each license and rule the detections use)')
    .option('--license-text-diagnostics', 'with --license: give each license match its matched_text_diagnostics (the matched words, those inside the match it does not cover in [brackets])')
    .option('--unknown-licenses', 'with --license: also report license-like text that no rule matches, as the license `unknown` (matcher 6-unknown)')
    .option('--filter-clues', 'drop the copyrights, holders, authors, emails and URLs that are part of a detected license text or notice, or of a detected copyright')
    .option('--todo', 'add the todo section: the review items of ambiguous license detections and package data, and each file\'s for_todo')
    .option('-c, --copyright', 'detect copyrights, holders and authors')
    .option('-i, --info', 'file information: hashes, types, language, classification')
    .option('-e, --email', 'find emails')
    .option('-u, --url', 'find URLs')
    .option('-p, --package', 'packages and dependencies from manifests, lockfiles and installed-package databases; alone (no other scanner flag), a packages-only run that opens only the files a package handler recognises by name')
    .option('--timeout <seconds>', 'per-file timeout', positiveInt, DEFAULT_SCAN_OPTIONS.timeoutSeconds)
    .option('--max-file-size <bytes>', 'do not scan the content of larger files', positiveInt, DEFAULT_SCAN_OPTIONS.maxFileSize)
    .option('--worker-memory <MB>', 'heap limit of each worker thread; a file that exceeds it gets a scan error', atLeast(MIN_WORKER_MEMORY_MB), DEFAULT_WORKER_MEMORY_MB)
    .option('-q, --quiet', 'no progress output')
    .version(`codescan ${VERSION}\n\n${LICENSEDB_ATTRIBUTION}`);
  program.parse(argv, { from: 'user' });
  const o = program.opts<{ image?: string; platform: string; json?: string; jsonPp?: string; cyclonedx?: string; cyclonedxXml?: string; spdx?: string; spdxTv?: string; processes: number; license?: boolean; licenseDiagnostics?: boolean; licenseReferences?: boolean; licenseText?: boolean; licenseTextDiagnostics?: boolean; unknownLicenses?: boolean; filterClues?: boolean; todo?: boolean; copyright?: boolean; info?: boolean; email?: boolean; url?: boolean; package?: boolean; timeout: number; maxFileSize: number; workerMemory: number; quiet?: boolean }>();
  // No scanner flag at all means every file scanner runs. As in ScanCode-toolkit, the flags given
  // are the scanners that run: --package alone is a packages-only run, where only the files a
  // package handler recognises by name are opened.
  const anySelected = o.license || o.copyright || o.info || o.email || o.url || o.package;
  const options: ScanOptions = {
    ...DEFAULT_SCAN_OPTIONS,
    info: anySelected ? !!o.info : true,
    license: anySelected ? !!o.license : true,
    copyright: anySelected ? !!o.copyright : true,
    email: anySelected ? !!o.email : true,
    url: anySelected ? !!o.url : true,
    package: !!o.package,
    // Installed-package databases (dpkg status, apk installed, rpmdb) are part of --package here;
    // ScanCode asks for them with a separate --system-package.
    systemPackages: !!o.package,
    licenseText: !!o.licenseText,
    licenseDiagnostics: !!o.licenseDiagnostics,
    licenseTextDiagnostics: !!o.licenseTextDiagnostics,
    unknownLicenses: !!o.unknownLicenses,
    filterClues: !!o.filterClues,
    todo: !!o.todo,
    timeoutSeconds: o.timeout,
    maxFileSize: o.maxFileSize,
  };
  // A packages-only run opens only the few hundred manifests a tree holds: starting workers (the
  // scan engine and the license index in each) costs more than parsing them, so unless -n says
  // otherwise it scans in this thread (3.0 s against 4.0 s with two workers on an npm tree of
  // 18,000 entries and 700 manifests).
  const packagesOnly = !!o.package && !o.license && !o.copyright && !o.info && !o.email && !o.url;
  const processes = packagesOnly && program.getOptionValueSource('processes') === 'default' ? 0 : o.processes;
  if (!o.image === !program.args[0]) throw new Error('give a <path> to scan, or --image <image> (one of them)');
  const sboms: SbomTargets = { cyclonedx: o.cyclonedx, cyclonedxXml: o.cyclonedxXml, spdx: o.spdx, spdxTv: o.spdxTv };
  // As in the toolkit, the diagnostics of a matched text need the matched text.
  if (o.licenseTextDiagnostics && !o.licenseText) throw new Error('the option --license-text-diagnostics requires the option --license-text');
  if (!o.json && !o.jsonPp && !hasSbomTarget(sboms)) throw new Error('give at least one output: --json, --json-pp, --cyclonedx, --cyclonedx-xml, --spdx or --spdx-tv');
  const inputArg = o.image ?? program.args[0];
  const input = resolve(inputArg);
  const log = (m: string) => process.stderr.write(`${m}\n`);
  const image = o.image ? await prepareImageInput(input, log, { platform: o.platform }) : null;
  const { root, cleanup } = image ?? (await prepareInput(input, log));
  const tty = process.stderr.isTTY && !o.quiet;
  const bar = tty ? new SingleBar({ format: 'Scanning [{bar}] {percentage}% | {value}/{total} files | {eta_formatted} left', stream: process.stderr }, Presets.shades_classic) : null;
  const startedAt = new Date();
  try {
    const collector = options.package ? new PackageCollector(resolve(root), log) : null;
    const scanned = scanCodebase(root, {
      options,
      processes,
      workerMemoryMb: o.workerMemory,
      onStart: bar ? (total) => bar.start(total, 0) : undefined,
      onProgress: (done) => bar?.update(done),
    });
    const records = collector ? collector.tap(scanned) : scanned;
    let sections: PackageSections | null = null;
    let result: { files: number; errors: number };
    if (o.json || o.jsonPp) {
      const toolkitTarget = o.json && o.json !== '-' ? resolve(o.json) : await scratchJson();
      const flags = Object.fromEntries(Object.entries({ '--license': options.license, '--license-text': options.license && options.licenseText, '--license-diagnostics': options.license && options.licenseDiagnostics, '--license-text-diagnostics': options.license && options.licenseTextDiagnostics, '--license-references': options.license && !!o.licenseReferences, '--unknown-licenses': options.license && !!o.unknownLicenses, '--filter-clues': !!o.filterClues, '--copyright': options.copyright, '--info': options.info, '--email': options.email, '--url': options.url, '--package': options.package, '--todo': !!o.todo }).filter(([, v]) => v));
      result = await writeToolkitJson(toolkitTarget, records, {
        toolVersion: `${VERSION} (codescan)`,
        options: { input: [inputArg], ...(o.image ? { '--image': o.image } : {}), ...flags, ...outputOptions(o), '--processes': String(processes), '--timeout': String(o.timeout) },
        startedAt,
        finalize: collector ? (followed) => (sections = collector.finalize(followed)) : undefined,
        followReferences: options.license ? new LicenseReferenceFollower(basename(resolve(root))) : undefined,
        review: o.todo ? new LicenseReviewCollector() : undefined,
        references: options.license && o.licenseReferences ? toolkitLicenseReferences : undefined,
        extraData: { engine: `codescan ${VERSION}`, ...(image ? { images: image.imagesData } : {}), system_environment: { operating_system: process.platform, cpu_architecture: process.arch, node_version: process.version } },
      });
      bar?.stop();
      if (o.json === '-') await writeOutput('-', await readFile(toolkitTarget, 'utf8'));
      if (o.jsonPp) await writeOutput(o.jsonPp === '-' ? '-' : resolve(o.jsonPp), JSON.stringify(JSON.parse(await readFile(toolkitTarget, 'utf8')), null, 2));
      if (!o.json || o.json === '-') await rm(dirname(toolkitTarget), { recursive: true, force: true });
    } else {
      // Only SBOMs: the records feed the package assembly and are not written anywhere.
      result = await countRecords(records);
      sections = collector?.finalize() ?? null;
      bar?.stop();
    }
    const name = basename(inputArg.replace(/\/+$/, '')) || inputArg;
    let input: ReturnType<typeof sbomInput> | undefined;
    // One resolution for every SBOM written, so that they name the same packages.
    const written = await writeSboms(sboms, () => (input ??= sbomInput(sections, name, VERSION)));
    const outputs = [o.json, o.jsonPp, ...written].filter((x): x is string => Boolean(x)).map((x) => (x === '-' ? 'standard output' : x));
    if (!o.quiet) log(`Scanned ${result.files} resources in ${((Date.now() - startedAt.getTime()) / 1000).toFixed(1)} s (${result.errors} with errors); wrote ${[...new Set(outputs)].join(', ')}`);
    return 0;
  } finally {
    bar?.stop();
    await cleanup();
  }
}
