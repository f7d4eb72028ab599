import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { completeRecords, readBackWanted, recordPath, type FollowedRecordLicenses, type ReferenceFollower } from './toolkit-follow';
import { collectReviews, type ReviewCollector } from './toolkit-todo';

export interface ToolkitHeaderInput {
  toolVersion: string;
  options: Record<string, unknown>;
  startedAt: Date;
  extraData?: Record<string, unknown>;
  /**
   * Called once every record is in (package assembly needs the whole codebase): top-level
   * `packages` and `dependencies`, and the `for_packages` of each file path. Records then carry
   * `"for_packages":[]`, which is filled in as the files are copied to the output. `followed`
   * holds the license fields of the files whose references were followed.
   */
  finalize?: (followed: ReadonlyMap<string, FollowedRecordLicenses>) => Promise<PackageSections> | PackageSections;
  /** With --license: follows license references to other files once every record is in. */
  followReferences?: ReferenceFollower;
  /** With --todo: the review list of ambiguous detections (records then carry `"for_todo":[]`). */
  review?: ReviewCollector;
  /**
   * With --license-references: the toolkit's `license_references` and `license_rule_references`
   * of the license expressions and rules the detections (files' and package data's) used.
   */
  references?: (used: UsedLicenses) => LicenseReferenceSections;
}

/** What a file's license scan knows beyond its record: read by the writer, not written. */
export interface RecordLicenseNotes {
  /** The files its license rules name ("see LICENSE"), by rule. */
  ruleReferences?: Readonly<Record<string, string[]>>;
  /** The sizes of its groups of license clues, in order. */
  clueGroups?: readonly number[];
  /** The text of each rule made at matching time (an SPDX expression read), by rule, when matches carry no matched_text. */
  ruleTexts?: Readonly<Record<string, string>>;
}

/** A rule as the matches that used it show it. */
export interface UsedRuleMatch {
  identifier: string;
  licenseExpression: string;
  matchedText: string | null;
  matchedLength: number;
  matcher: string;
}

export interface UsedLicenses {
  expressions: Set<string>;
  /** By identifier, as its first match shows it. */
  rules: Map<string, UsedRuleMatch>;
}

export interface LicenseReferenceSections {
  license_references: unknown[];
  license_rule_references: unknown[];
}

export interface PackageSections {
  /** The toolkit's `--summary` block, written right after the headers when present. */
  summary?: unknown;
  packages: unknown[];
  dependencies: unknown[];
  forPackages: ReadonlyMap<string, readonly string[]>;
}

interface DetectionSummary {
  identifier: string;
  license_expression: string;
  license_expression_spdx: string;
  detection_count: number;
  detection_log: unknown[];
  reference_matches: unknown[];
  /** Depth of the file the reference matches come from. */
  depth: number;
}

const NOTICE =
  'Generated with codescan and provided on an "AS IS" BASIS, WITHOUT WARRANTIES\nOR CONDITIONS OF ANY KIND, either express or implied. No content created from\ncodescan should be considered or used as legal advice. Consult an Attorney\nfor any legal advice.';

/** ScanCode's timestamp form, `2024-02-21T102136.155838`. */
function stamp(d: Date): string {
  return d.toISOString().replace(/:/g, '').replace('Z', '000');
}

const BATCH_CHARS = 1 << 20;

/**
 * A `files` record already serialised by its producer (a scan worker), so that neither a
 * structured clone of the record nor a second serialisation costs the writing thread anything.
 * `json` is the record's JSON text; `detectionsJson` the JSON of its license detections, its own
 * and its package data's, when there are any (the writer counts unique detections); `hasErrors`
 * whether `scan_errors` is not empty.
 */
export class SerializedToolkitRecord {
  constructor(
    readonly json: string,
    readonly hasErrors: boolean,
    readonly detectionsJson: string | null,
    /** What the license scan knows beyond the record, when there is something. */
    readonly notes: RecordLicenseNotes | null = null,
  ) {}

  /** Serialises a record the way the writer would. */
  static of(record: Record<string, unknown>): SerializedToolkitRecord {
    const detections = recordDetections(record);
    const scanErrors = record.scan_errors;
    return new SerializedToolkitRecord(
      JSON.stringify(record),
      Array.isArray(scanErrors) && scanErrors.length > 0,
      detections.length > 0 ? JSON.stringify(detections) : null,
    );
  }
}

/** A record's license detections as the toolkit's unique detections count them: the file's, then its package data's. */
function recordDetections(record: Record<string, unknown>): Record<string, unknown>[] {
  const own = Array.isArray(record.license_detections) ? (record.license_detections as Record<string, unknown>[]) : [];
  const packageData = Array.isArray(record.package_data) ? (record.package_data as Record<string, unknown>[]) : [];
  return [...own, ...packageData.flatMap((pd) => (Array.isArray(pd.license_detections) ? (pd.license_detections as Record<string, unknown>[]) : []))];
}

/** Records the expressions and rules a record's detections used (each rule once, as its first match shows it). */
function noteUsed(used: UsedLicenses, found: Record<string, unknown>[], ruleTexts: Readonly<Record<string, string>> = {}): void {
  for (const d of found) {
    used.expressions.add(String(d.license_expression));
    for (const m of (d.matches as Record<string, unknown>[] | undefined) ?? []) {
      const identifier = String(m.rule_identifier);
      if (used.rules.has(identifier)) continue;
      used.rules.set(identifier, { identifier, licenseExpression: String(m.license_expression), matchedText: ruleTexts[identifier] ?? (typeof m.matched_text === 'string' ? m.matched_text : null), matchedLength: Number(m.matched_length), matcher: String(m.matcher) });
    }
  }
}

/** How deep a path is: the toolkit keeps the reference matches of a detection's shallowest file. */
const depthOf = (path: string): number => path.split('/').length;

/** One unique detection in the toolkit's key order, detection_log included with --license-diagnostics. */
function uniqueDetection(d: DetectionSummary, diagnostics: boolean): Record<string, unknown> {
  const { identifier, license_expression, license_expression_spdx, detection_count, detection_log, reference_matches } = d;
  return diagnostics
    ? { identifier, license_expression, license_expression_spdx, detection_count, detection_log, reference_matches }
    : { identifier, license_expression, license_expression_spdx, detection_count, reference_matches };
}

/** Counts a record's detections into the unique detections; the shallowest file's matches are the reference. */
function countUnique(detections: Map<string, DetectionSummary>, found: Record<string, unknown>[], depth: number): void {
  for (const d of found) {
    const id = String(d.identifier);
    const seen = detections.get(id);
    const log = (d.detection_log as unknown[] | undefined) ?? [];
    const matches = (d.matches as unknown[]) ?? [];
    if (!seen) detections.set(id, { identifier: id, license_expression: String(d.license_expression), license_expression_spdx: String(d.license_expression_spdx), detection_count: 1, detection_log: log, reference_matches: matches, depth });
    else {
      seen.detection_count++;
      if (depth < seen.depth) Object.assign(seen, { detection_log: log, reference_matches: matches, depth });
    }
  }
}

/** The followed license fields by path, once the follower has read back the records it needs. */
async function followReferences(filesPath: string, follower: ReferenceFollower | undefined): Promise<ReadonlyMap<string, FollowedRecordLicenses>> {
  if (!follower) return new Map();
  await readBackWanted(filesPath, follower);
  return follower.follow();
}

/** A serialized record's `type` comes right after its `path` (the toolkit's key order): read without parsing. */
const SERIALIZED_FILE = /^\{"path":"(?:[^"\\]|\\.)*","type":"file"/;

async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/**
 * Writes ScanCode-toolkit JSON (output format 4.0.0) in flat memory: `files` records go to a
 * temporary file as they arrive, while unique license detections are counted; then the
 * document is assembled with `headers` and `license_detections` ahead of `files`, as the
 * toolkit orders them. `tool_name` is `scancode-toolkit` because that is what ScanCode.io's
 * load_inventory recognises; the engine that produced it is named in `extra_data.engine`.
 */
export async function writeToolkitJson(outPath: string, records: AsyncIterable<Record<string, unknown> | SerializedToolkitRecord>, header: ToolkitHeaderInput): Promise<{ files: number; errors: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'codescan-'));
  const filesPath = join(dir, 'files.json');
  const detections = new Map<string, DetectionSummary>();
  const used: UsedLicenses = { expressions: new Set(), rules: new Map() };
  let files = 0;
  // The header's files_count counts files, not directories, as ScanCode's does.
  let fileCount = 0;
  let errors = 0;
  const clueGroups = new Map<string, readonly number[]>();
  const heldRecords = new Map<string, { own: Record<string, unknown>[]; packageData: Record<string, unknown>[]; depth: number; ruleTexts?: Readonly<Record<string, string>> }>();
  const count = (found: Record<string, unknown>[], depth: number, ruleTexts?: Readonly<Record<string, string>>): void => {
    if (header.references) noteUsed(used, found, ruleTexts);
    countUnique(detections, found, depth);
  };
  try {
    const tmp = createWriteStream(filesPath);
    // Records are joined into ~1 MiB strings before each write: one write per record cost more
    // than serialising it.
    let batch = '';
    for await (const record of records) {
      let json: string;
      let hasErrors: boolean;
      let found: Record<string, unknown>[];
      let path: string;
      let held = false;
      if (record instanceof SerializedToolkitRecord) {
        ({ json, hasErrors } = record);
        if (SERIALIZED_FILE.test(json)) fileCount++;
        found = record.detectionsJson === null ? [] : (JSON.parse(record.detectionsJson) as Record<string, unknown>[]);
        const clues = header.review ? record.notes?.clueGroups : undefined;
        path = found.length || clues ? (recordPath(json) ?? '') : '';
        if (clues) clueGroups.set(path, clues);
        if (header.followReferences && record.notes?.ruleReferences) {
          // Rare (a rule naming a file matched): the record is read to tell its own detections from its package data's.
          const own = (JSON.parse(json) as Record<string, unknown>).license_detections as Record<string, unknown>[];
          held = header.followReferences.note(path, own, record.notes.ruleReferences);
          if (held) heldRecords.set(path, { own, packageData: found.slice(own.length), depth: depthOf(path), ruleTexts: record.notes.ruleTexts });
        }
      } else {
        json = JSON.stringify(record);
        if (record.type === 'file') fileCount++;
        hasErrors = Array.isArray(record.scan_errors) && record.scan_errors.length > 0;
        found = recordDetections(record);
        path = String(record.path ?? '');
      }
      batch += `${files === 0 ? '' : ',\n'}${json}`;
      if (batch.length >= BATCH_CHARS) {
        await write(tmp, batch);
        batch = '';
      }
      files++;
      if (hasErrors) errors++;
      // A record to be followed is counted once followed.
      if (!held) count(found, depthOf(path), record instanceof SerializedToolkitRecord ? record.notes?.ruleTexts : undefined);
    }
    tmp.end(batch);
    await once(tmp, 'finish');
    const followed = await followReferences(filesPath, header.followReferences);
    for (const [path, { own, packageData, depth, ruleTexts }] of heldRecords) {
      count([...((followed.get(path)?.license_detections as Record<string, unknown>[] | undefined) ?? own), ...packageData], depth, ruleTexts);
    }
    const endedAt = new Date();
    const headers = [{
      tool_name: 'scancode-toolkit',
      tool_version: header.toolVersion,
      options: header.options,
      notice: NOTICE,
      start_timestamp: stamp(header.startedAt),
      end_timestamp: stamp(endedAt),
      output_format_version: '4.0.0',
      duration: (endedAt.getTime() - header.startedAt.getTime()) / 1000,
      message: null,
      errors: [],
      warnings: [],
      extra_data: { ...header.extraData, files_count: fileCount },
    }];
    const sections = await header.finalize?.(followed);
    let review: { todo: unknown[]; forTodo: ReadonlyMap<string, readonly string[]> } | null = null;
    if (header.review) {
      await collectReviews(filesPath, header.review, followed, clueGroups);
      review = header.review.finish(sections ?? null);
    }
    const diagnostics = header.options['--license-diagnostics'] === true;
    const references = header.references ? header.references(used) : null;
    const referenceSections = references
      ? `"license_references": ${JSON.stringify(references.license_references, null, 2)},\n"license_rule_references": ${JSON.stringify(references.license_rule_references, null, 2)},\n`
      : '';
    const uniqueDetections = [...detections.values()].sort((a, b) => (a.identifier < b.identifier ? -1 : 1)).map((d) => uniqueDetection(d, diagnostics));
    const out = createWriteStream(outPath);
    const summarySection = `${sections?.summary ? `"summary": ${JSON.stringify(sections.summary, null, 2)},\n` : ''}${review ? `"todo": ${JSON.stringify(review.todo, null, 2)},\n` : ''}`;
    const packageSections = sections ? `"packages": ${JSON.stringify(sections.packages, null, 2)},\n"dependencies": ${JSON.stringify(sections.dependencies, null, 2)},\n` : '';
    await write(out, `{\n"headers": ${JSON.stringify(headers, null, 2)},\n${summarySection}${packageSections}"license_detections": ${JSON.stringify(uniqueDetections, null, 2)},\n${referenceSections}"files": [\n`);
    const forTodo = review?.forTodo ?? new Map<string, readonly string[]>();
    if ((sections && sections.forPackages.size > 0) || followed.size > 0 || forTodo.size > 0) await pipeline(createReadStream(filesPath), completeRecords(sections?.forPackages ?? new Map(), followed, forTodo), out, { end: false });
    else await pipeline(createReadStream(filesPath), out, { end: false });
    out.end('\n]\n}\n');
    await once(out, 'finish');
    return { files, errors };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
