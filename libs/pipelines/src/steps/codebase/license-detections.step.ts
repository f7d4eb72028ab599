import { createHash } from 'node:crypto';
import type { LicenseDetectionRecord } from '@sca/contracts';
import { BatchWriter, BULK_BATCH_SIZE } from '@sca/persistence';
import { defineStep } from '../../framework/define';
import type { StepContext } from '../../framework/step-context';

type Json = Record<string, unknown>;

function lines(matches: Json[]): { start_line: number; end_line: number } {
  const starts = matches.map((m) => Number(m.start_line) || 0);
  const ends = matches.map((m) => Number(m.end_line) || 0);
  return { start_line: starts.length ? Math.min(...starts) : 0, end_line: ends.length ? Math.max(...ends) : 0 };
}

/** A DiscoveredLicense row for one detection found at `path` (its region spans the matches). */
export function detectionRecord(d: Json, path: string, flags: { from_package: boolean; is_license_clue: boolean }): LicenseDetectionRecord | null {
  const identifier = typeof d.identifier === 'string' ? d.identifier : '';
  if (!identifier) return null;
  const matches = Array.isArray(d.matches) ? (d.matches as Json[]) : [];
  return {
    detection_count: 1,
    identifier,
    license_expression: String(d.license_expression ?? ''),
    license_expression_spdx: String(d.license_expression_spdx ?? ''),
    compliance_alert: '',
    matches,
    detection_log: Array.isArray(d.detection_log) ? (d.detection_log as string[]) : [],
    ...flags,
    file_regions: [{ path, ...lines(matches) }],
    // License clues are always flagged for review (ScanCode.io's loader does the same).
    needs_review: flags.is_license_clue,
    review_comments: [],
  };
}

/** A clue is one match; ScanCode.io makes it a single-match detection with its own identifier. */
function clueDetection(clue: Json): Json {
  const expression = String(clue.license_expression ?? 'unknown');
  const digest = createHash('sha1').update(JSON.stringify([clue.rule_identifier, clue.score, clue.matched_text ?? ''])).digest('hex');
  const uuid = `${digest.slice(0, 8)}-${digest.slice(8, 12)}-${digest.slice(12, 16)}-${digest.slice(16, 20)}-${digest.slice(20, 32)}`;
  return { license_expression: expression, license_expression_spdx: clue.license_expression_spdx, matches: [clue], identifier: `${expression.replace(/[^A-Za-z0-9_]+/g, '_')}-${uuid}` };
}

/**
 * ScanCode.io's collect_and_create_license_detections: the project's unique detections, from
 * resources (detections and clues) and packages (declared and other detections), each with
 * its file regions and count.
 */
export async function collectLicenseDetections(ctx: StepContext): Promise<number> {
  const detections = new BatchWriter<LicenseDetectionRecord>(BULK_BATCH_SIZE, (rows) => ctx.licenses.upsert(rows));
  const add = async (r: LicenseDetectionRecord | null) => {
    if (r) await detections.add(r);
  };
  for await (const r of ctx.resources.withLicenseFindings()) {
    for (const d of r.license_detections) await add(detectionRecord(d, r.path, { from_package: false, is_license_clue: false }));
    for (const c of r.license_clues) await add(detectionRecord(clueDetection(c), r.path, { from_package: false, is_license_clue: true }));
  }
  for await (const p of ctx.packages.withLicenseDetections()) {
    const path = p.datafile_paths[0] ?? '';
    for (const d of [...p.license_detections, ...p.other_license_detections]) await add(detectionRecord(d, path, { from_package: true, is_license_clue: false }));
  }
  await detections.flush();
  return detections.added;
}

export const collectAndCreateLicenseDetections = defineStep({
  name: 'collect_and_create_license_detections',
  doc: 'Collect and create unique license detections from resources and package data.',
  async run(ctx) {
    ctx.log(`${await collectLicenseDetections(ctx)} license detection(s) collected`);
  },
});
