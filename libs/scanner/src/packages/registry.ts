/**
 * Every datafile handler, and the two lists ScanCode scans with: application handlers (the
 * default package scan) and system handlers (installed package databases).
 */
import type { DatafileHandler } from './handler';
import { handlers as cargoHandlers } from './cargo';
import { handlers as cocoapodsHandlers } from './cocoapods';
import { handlers as composerHandlers } from './composer';
import { handlers as gemHandlers } from './gem';
import { handlers as golangHandlers } from './golang';
import { handlers as cpanHandlers } from './cpan';
import { handlers as hexHandlers } from './hex';
import { handlers as dartHandlers } from './dart';
import { handlers as swiftHandlers } from './swift';
import { handlers as distroHandlers } from './distro';
import { handlers as rpmHandlers } from './rpm';
import { handlers as alpineHandlers } from './alpine';
import { handlers as debianHandlers } from './debian';
import { handlers as npmHandlers } from './npm';
import { handlers as pypiHandlers } from './pypi';
import { handlers as cranHandlers } from './cran';
import { handlers as condaHandlers } from './conda';
import { handlers as gradleHandlers } from './gradle';
import { handlers as mavenHandlers } from './maven';
import { handlers as nugetHandlers } from './nuget';

const HANDLERS: readonly DatafileHandler[] = [
  ...cargoHandlers,
  ...cocoapodsHandlers,
  ...composerHandlers,
  ...gemHandlers,
  ...golangHandlers,
  ...gradleHandlers,
  ...mavenHandlers,
  ...nugetHandlers,
  ...cpanHandlers,
  ...hexHandlers,
  ...dartHandlers,
  ...swiftHandlers,
  ...distroHandlers,
  ...rpmHandlers,
  ...alpineHandlers,
  ...debianHandlers,
  ...npmHandlers,
  ...pypiHandlers,
  ...cranHandlers,
  ...condaHandlers,
];

export function allHandlers(): readonly DatafileHandler[] {
  return HANDLERS;
}

let application: readonly DatafileHandler[] | undefined;
let system: readonly DatafileHandler[] | undefined;

/** The same list at every call (matchingHandlers compiles a list's patterns once). */
export function applicationHandlers(): readonly DatafileHandler[] {
  return (application ??= HANDLERS.filter((h) => !h.isSystem));
}

export function systemHandlers(): readonly DatafileHandler[] {
  return (system ??= HANDLERS.filter((h) => h.isSystem));
}

let byId: Map<string, DatafileHandler> | undefined;

export function handlersById(): ReadonlyMap<string, DatafileHandler> {
  byId ??= new Map(HANDLERS.map((h) => [h.datasourceId, h]));
  return byId;
}
