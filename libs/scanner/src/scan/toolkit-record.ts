import { basename } from 'node:path';
import { classify, isCommunityFile, splitName } from '../info';
import { FileScanOutput } from './file-scan';
import { ScanOptions } from './scan-options';
import { DirStats } from './tree-stats';
import { WalkEntry } from './walk';

export type ToolkitFileRecord = Record<string, unknown>;

/**
 * ScanCode 32.x classifies a file with package data only through its handler's
 * get_top_level_resources, which no handler but Maven's (a JAR's META-INF) implements: such a
 * datafile keeps every flag false (a package.json is neither a manifest nor a key file there).
 */
const UNCLASSIFIED = { is_legal: false, is_manifest: false, is_readme: false, is_top_level: false, is_key_file: false } as const;

/**
 * One `files` entry of ScanCode-toolkit JSON, keys in the toolkit's order; only the enabled
 * scanners' keys appear.
 */
export function toolkitRecord(entry: WalkEntry, out: FileScanOutput, options: ScanOptions, dirStats: DirStats | undefined, topLevelDepth: number): ToolkitFileRecord {
  const name = basename(entry.path);
  const info = out.info;
  const parts = splitName(name, entry.type === 'file');
  const rec: ToolkitFileRecord = { path: entry.path, type: entry.type, name, ...parts };
  // --todo's review ids, filled by the writer once the review list is built (toolkit-todo.ts). In
  // the toolkit's key order they follow the file info, or the name parts when there is none.
  if (options.todo && !options.info) rec.for_todo = [];
  if (options.info) {
    Object.assign(rec, {
      size: info?.size ?? 0,
      sha1: info?.sha1 || null,
      md5: info?.md5 || null,
      sha256: info?.sha256 || null,
      sha1_git: info?.sha1_git || null,
      mime_type: info?.mime_type || null,
      file_type: info?.file_type || null,
      programming_language: info?.programming_language || null,
      is_binary: info?.is_binary ?? false,
      is_text: info?.is_text ?? false,
      is_archive: info?.is_archive ?? false,
      is_media: info?.is_media ?? false,
      is_source: info?.is_source ?? false,
      is_script: info?.is_script ?? false,
    });
    if (options.todo) rec.for_todo = [];
    // --classify's flags follow the file info, as in the toolkit's output. classify() takes the
    // path relative to the scanned root.
    const relPath = entry.path.includes('/') ? entry.path.slice(entry.path.indexOf('/') + 1) : '';
    Object.assign(rec, out.package_data?.length ? UNCLASSIFIED : classify(relPath, { type: entry.type, name, ...parts }, { topLevelDepth }));
    rec.is_community = entry.type === 'file' && isCommunityFile(name, parts.base_name);
  }
  if (options.package) {
    rec.package_data = out.package_data ?? [];
    // Filled by the assembly pass once every datafile is known (see cli/package-assembly.ts).
    rec.for_packages = [];
  }
  if (options.license) {
    Object.assign(rec, {
      detected_license_expression: out.license?.detected_license_expression ?? null,
      detected_license_expression_spdx: out.license?.detected_license_expression_spdx ?? null,
      license_detections: out.license?.license_detections ?? [],
      license_clues: out.license?.license_clues ?? [],
      percentage_of_license_text: out.license?.percentage_of_license_text ?? 0,
    });
  }
  if (options.copyright) Object.assign(rec, { copyrights: out.copyright?.copyrights ?? [], holders: out.copyright?.holders ?? [], authors: out.copyright?.authors ?? [] });
  if (options.email) rec.emails = out.emails ?? [];
  if (options.url) rec.urls = out.urls ?? [];
  if (options.info) Object.assign(rec, dirStats ?? { files_count: 0, dirs_count: 0, size_count: 0 });
  rec.scan_errors = out.scan_errors;
  return rec;
}
