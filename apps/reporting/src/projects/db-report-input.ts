import { DataSource } from 'typeorm';
import type { DependencyRecord, MessageRecord, PackageRecord, RelationRecord, ResourceRecord } from '@sca/contracts';
import type { ReportInput, ReportProject } from '@sca/formats';
import { outputRecords } from '@sca/persistence';

/** A project's records as the output writers read them, each kind streamed on demand from a database cursor. */
export function dbReportInput(db: DataSource, project: ReportProject, toolVersion: string): ReportInput {
  const uuid = project.uuid;
  return {
    project,
    toolVersion,
    packages: () => outputRecords.packages<PackageRecord>(db, uuid),
    dependencies: () => outputRecords.dependencies<DependencyRecord>(db, uuid),
    resources: () => outputRecords.resources<ResourceRecord>(db, uuid),
    relations: () => outputRecords.relations<RelationRecord>(db, uuid),
    messages: () => outputRecords.messages<MessageRecord>(db, uuid),
  };
}
