import { COMPLIANCE_ALERTS, DEPENDENCY_FIELDS, PACKAGE_FIELDS, RESOURCE_FIELDS, RESOURCE_TYPES } from '@sca/contracts';
import { FilterSpec } from './record-filters';
import { isoTs } from './sql-fragments';

/** One streamed record list: its SQL, default order, filters and serializer. */
export interface RecordList {
  name: string;
  select: string;
  from: string;
  orderBy: string;
  /** Always-applied condition besides the project. */
  baseWhere?: string;
  filters: Record<string, FilterSpec>;
  serialize(row: Record<string, unknown>): Record<string, unknown>;
}

const text = (column: string): FilterSpec => ({ column, filter: { kind: 'text' } });
const num = (column: string): FilterSpec => ({ column, filter: { kind: 'number' } });
const bool = (column: string): FilterSpec => ({ column, filter: { kind: 'bool' } });
const strictBool = (column: string): FilterSpec => ({ column, filter: { kind: 'strict-bool' } });
const jsonHas = (column: string): FilterSpec => ({ column, filter: { kind: 'json-contains' } });
const choice = (column: string, values: readonly string[]): FilterSpec => ({ column, filter: { kind: 'choice', values } });
/** The map types ScanCode.io's relation filter offers (its choice list, which lacks a few of the 26). */
const RELATION_MAP_TYPE_CHOICES = [
  'about_file', 'java_to_class', 'jar_to_source', 'javascript_strings', 'javascript_symbols', 'js_compiled', 'js_colocation', 'js_path', 'path', 'sha1',
  'dwarf_included_paths', 'dwarf_compiled_paths', 'go_file_paths', 'elf_symbols', 'macho_symbols', 'winpe_symbols', 'rust_symbols',
];

const toNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function ordered(fields: readonly string[], row: Record<string, unknown>, numeric: string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) out[f] = numeric.includes(f) ? toNumber(row[f]) : row[f];
  return out;
}

const PACKAGE_REF = `COALESCE(NULLIF(p.package_uid, ''), NULLIF(p.purl, ''), p.uuid::text)`;

export const RESOURCES: RecordList = {
  name: 'resources',
  select: `r.*, COALESCE((SELECT json_agg(${PACKAGE_REF} ORDER BY p.id) FROM resource_packages rp
            JOIN discovered_packages p ON p.id = rp.package_id WHERE rp.resource_id = r.id), '[]'::json) AS for_packages`,
  from: 'codebase_resources r',
  orderBy: 'r.path',
  filters: {
    ...Object.fromEntries(['path', 'rootfs_path', 'md5', 'sha1', 'sha256', 'sha512', 'sha1_git', 'status', 'tag', 'name', 'extension',
      'programming_language', 'mime_type', 'file_type', 'detected_license_expression', 'detected_license_expression_spdx'].map((f) => [f, text(`r.${f}`)])),
    size: num('r.size'),
    percentage_of_license_text: num('r.percentage_of_license_text'),
    type: choice('r.type', RESOURCE_TYPES),
    compliance_alert: choice('r.compliance_alert', COMPLIANCE_ALERTS.filter((a) => a !== '')),
    ...Object.fromEntries(['copyrights', 'holders', 'authors', 'license_detections', 'license_clues', 'emails', 'urls'].map((f) => [f, jsonHas(`r.${f}`)])),
    ...Object.fromEntries(['is_binary', 'is_text', 'is_archive', 'is_media', 'is_legal', 'is_manifest', 'is_readme', 'is_top_level', 'is_key_file'].map((f) => [f, bool(`r.${f}`)])),
    extra_data: { column: 'r.extra_data', filter: { kind: 'json-icontains' } },
    relation_map_type: { column: 'r.id', filter: { kind: 'relation-map-type', mapTypes: RELATION_MAP_TYPE_CHOICES } },
  },
  serialize: (row) => ordered(RESOURCE_FIELDS, row, ['size']),
};

export const PACKAGES: RecordList = {
  name: 'packages',
  select: `p.*, to_char(p.release_date, 'YYYY-MM-DD') AS release_date`,
  from: 'discovered_packages p',
  orderBy: 'p.uuid',
  filters: {
    ...Object.fromEntries(['purl', 'type', 'namespace', 'name', 'version', 'qualifiers', 'subpath', 'filename', 'primary_language',
      'homepage_url', 'download_url', 'md5', 'sha1', 'bug_tracking_url', 'code_view_url', 'vcs_url', 'declared_license_expression',
      'declared_license_expression_spdx', 'other_license_expression', 'other_license_expression_spdx', 'extracted_license_statement',
      'copyright', 'tag', 'package_uid'].map((f) => [f, text(`p.${f}`)])),
    uuid: text('p.uuid::text'),
    size: num('p.size'),
    release_date: { column: 'p.release_date', filter: { kind: 'date' } },
    compliance_alert: choice('p.compliance_alert', COMPLIANCE_ALERTS.filter((a) => a !== '')),
    is_private: strictBool('p.is_private'),
    is_virtual: strictBool('p.is_virtual'),
    extra_data: { column: 'p.extra_data', filter: { kind: 'json-icontains' } },
  },
  serialize: (row) => ordered(PACKAGE_FIELDS, row, ['size']),
};

export const DEPENDENCIES: RecordList = {
  name: 'dependencies',
  select: `d.*, fp.package_uid AS for_package_uid, rp.package_uid AS resolved_to_package_uid,
           COALESCE(dr.path, d.datafile_path) AS datafile_path, d.type AS package_type`,
  from: `discovered_dependencies d
         LEFT JOIN discovered_packages fp ON fp.id = d.for_package_id
         LEFT JOIN discovered_packages rp ON rp.id = d.resolved_to_package_id
         LEFT JOIN codebase_resources dr ON dr.id = d.datafile_resource_id`,
  orderBy: 'd.is_runtime DESC, d.is_pinned DESC, d.is_optional, d.dependency_uid, d.for_package_id NULLS FIRST, d.datafile_resource_id NULLS FIRST, d.datasource_id',
  filters: {
    ...Object.fromEntries(['purl', 'dependency_uid', 'type', 'namespace', 'name', 'version', 'qualifiers', 'subpath', 'scope', 'datasource_id'].map((f) => [f, text(`d.${f}`)])),
    is_runtime: strictBool('d.is_runtime'),
    is_optional: strictBool('d.is_optional'),
    is_pinned: strictBool('d.is_pinned'),
    is_direct: strictBool('d.is_direct'),
  },
  serialize: (row) => ordered(DEPENDENCY_FIELDS, row),
};

export const RELATIONS: RecordList = {
  name: 'relations',
  select: `t.path AS to_resource, t.status AS status, rel.map_type,
           COALESCE(rel.extra_data->>'path_score', '') ||
             CASE WHEN rel.extra_data ? 'diff_ratio' THEN ' diff_ratio: ' || (rel.extra_data->>'diff_ratio') ELSE '' END AS score,
           f.path AS from_resource`,
  from: `codebase_relations rel
         JOIN codebase_resources f ON f.id = rel.from_resource_id
         JOIN codebase_resources t ON t.id = rel.to_resource_id`,
  orderBy: 'f.path, t.path',
  filters: {
    map_type: choice('rel.map_type', RELATION_MAP_TYPE_CHOICES),
    // ScanCode.io's relation `status` filter is on the deployed side's status, with no choice list.
    status: text('t.status'),
    extra_data: { column: 'rel.extra_data', filter: { kind: 'json-icontains' } },
  },
  serialize: (row) => ({ to_resource: row.to_resource, status: row.status, map_type: row.map_type, score: row.score, from_resource: row.from_resource }),
};

/** SPEC.md §2.4 error records (uuid, model, message, created_date) plus ScanCode.io's severity, details and traceback. */
export const ERRORS: RecordList = {
  name: 'errors',
  select: `m.uuid, m.model, m.description, ${isoTs('m.created_date')} AS created_date, m.severity, m.details, m.traceback`,
  from: 'project_messages m',
  baseWhere: "m.severity = 'error'",
  orderBy: 'm.created_date, m.id',
  filters: { model: text('m.model') },
  serialize: (row) => ({
    uuid: row.uuid,
    model: row.model,
    message: row.description,
    created_date: row.created_date,
    severity: row.severity,
    details: row.details,
    traceback: splitLines(row.traceback),
  }),
};

const splitLines = (text: unknown): string[] => (text ? String(text).split(/\r?\n/) : []);

/** ProjectMessage (reference §4.9), oldest first. */
export const MESSAGES: RecordList = {
  name: 'messages',
  select: `m.uuid, m.severity, m.description, m.model, m.details, m.traceback, ${isoTs('m.created_date')} AS created_date`,
  from: 'project_messages m',
  orderBy: 'm.created_date, m.id',
  filters: {},
  serialize: (row) => ({
    uuid: row.uuid, severity: row.severity, description: row.description, model: row.model, details: row.details,
    traceback: splitLines(row.traceback), created_date: row.created_date,
  }),
};

export const RECORD_LISTS: Record<string, RecordList> = { resources: RESOURCES, packages: PACKAGES, dependencies: DEPENDENCIES, relations: RELATIONS, errors: ERRORS };

/** The alias that carries project_uuid in each list's FROM clause. */
export const PROJECT_COLUMN: Record<string, string> = { resources: 'r.project_uuid', packages: 'p.project_uuid', dependencies: 'd.project_uuid', relations: 'rel.project_uuid', errors: 'm.project_uuid', messages: 'm.project_uuid' };
