import { DataSource } from 'typeorm';
import type { DependencyRecord, LicenseDetectionRecord, MessageRecord, PackageRecord, RelationRecord, ResourceRecord } from '@sca/contracts';
import { DEPENDENCIES, ERRORS, LICENSE_DETECTIONS, MESSAGES, PACKAGES, RecordList, RELATIONS, RESOURCES, streamRecordList } from '@sca/persistence';

/** An entry of the API's `errors/` list (SPEC.md §2.4 plus ScanCode.io's severity, details and traceback). */
export interface ErrorRecord {
  uuid: string;
  model: string;
  message: string;
  created_date: string;
  severity: string;
  details: Record<string, unknown>;
  traceback: string[];
}

/** A project's records as the API serializes them, each list in the API's order. */
export interface ProjectRecords {
  resources: ResourceRecord[];
  packages: PackageRecord[];
  dependencies: DependencyRecord[];
  relations: RelationRecord[];
  /** Every severity (the API's `messages/`). */
  messages: MessageRecord[];
  /** The API's `errors/` list. */
  errors: ErrorRecord[];
  licenseDetections: LicenseDetectionRecord[];
}

async function all<T>(db: DataSource, list: RecordList, projectUuid: string): Promise<T[]> {
  const out: T[] = [];
  for await (const record of streamRecordList(db, list, projectUuid)) out.push(record as T);
  return out;
}

export async function readProjectRecords(db: DataSource, projectUuid: string): Promise<ProjectRecords> {
  return {
    resources: await all(db, RESOURCES, projectUuid),
    packages: await all(db, PACKAGES, projectUuid),
    dependencies: await all(db, DEPENDENCIES, projectUuid),
    relations: await all(db, RELATIONS, projectUuid),
    messages: await all(db, MESSAGES, projectUuid),
    errors: await all(db, ERRORS, projectUuid),
    licenseDetections: await all(db, LICENSE_DETECTIONS, projectUuid),
  };
}
