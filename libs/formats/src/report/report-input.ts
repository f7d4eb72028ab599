/**
 * What the output-format writers read: one project's header data and its records, as the
 * ScanCode.io serializers shape them (the `*_FIELDS` orders of @sca/contracts), each record kind
 * an async iterable so a writer can stream a large project in flat memory.
 */
import type { DependencyRecord, MessageRecord, PackageRecord, RelationRecord, ResourceRecord } from '@sca/contracts';

export interface ReportInputSource {
  uuid: string;
  filename: string;
  download_url: string;
  is_uploaded: boolean;
  tag: string;
  size: number | null;
  is_file: boolean;
  exists: boolean;
}

export interface ReportProject {
  uuid: string;
  name: string;
  /** ISO date with milliseconds (`2026-01-16T12:40:25.319Z`). */
  created_date: string;
  notes: string;
  settings: Record<string, unknown>;
  extra_data: Record<string, unknown>;
  /** ScanCode.io's input_sources: InputSources sorted by filename, then files of input/ without one. */
  input_sources: (ReportInputSource | ReportOrphanInput)[];
  /** Run serializer output without `url` and `project` (results headers only). */
  runs?: Record<string, unknown>[];
}

/** A file found in the project's input/ that no InputSource describes. */
export interface ReportOrphanInput {
  filename: string;
  is_uploaded: false;
  is_file: boolean;
  size: number | null;
  exists: true;
}

export interface ReportInput {
  project: ReportProject;
  /** Service version, for tool names (`ScanCode.io`-style `Tool: <name>-<version>`). */
  toolVersion: string;
  /** Ordered by type, namespace, name, version. */
  packages(): AsyncIterable<PackageRecord>;
  /** Ordered by type, namespace, name, version, datasource_id; `for_package_uid` / `resolved_to_package_uid` link packages. */
  dependencies(): AsyncIterable<DependencyRecord & { package_type?: string }>;
  /** Ordered by path, symlinks excluded. */
  resources(): AsyncIterable<ResourceRecord>;
  relations(): AsyncIterable<RelationRecord>;
  messages(): AsyncIterable<MessageRecord>;
}

/** A ReportInput over in-memory arrays (tests, small projects). */
export function reportInputFromArrays(
  project: ReportProject,
  data: { packages?: PackageRecord[]; dependencies?: DependencyRecord[]; resources?: ResourceRecord[]; relations?: RelationRecord[]; messages?: MessageRecord[] },
  toolVersion = '0.1.0',
): ReportInput {
  const iter = <T>(items: T[] | undefined) => async function* (): AsyncGenerator<T> {
    for (const item of items ?? []) yield item;
  };
  return {
    project,
    toolVersion,
    packages: iter(data.packages),
    dependencies: iter(data.dependencies),
    resources: iter(data.resources),
    relations: iter(data.relations),
    messages: iter(data.messages),
  };
}
