/**
 * Inheritance and property resolution of a POM (ScanCode's `MavenPom.resolve` on pymaven):
 * group and version inherited from `<parent>`, built-in `project.*`/`pom.*`/`parent.*`
 * properties, `<properties>` resolved against themselves once, then coordinates, descriptive
 * fields, scm, issue management and dependencies interpolated. Dependencies are grouped by
 * scope in first-seen order (import scope first), then `dependencyManagement` entries.
 */
import type { PomDependency, PomModel } from './pom-model';
import { replaceProps, variants, type Properties } from './pom-properties-resolver';

export interface ResolvedDependency { groupId: string; artifactId: string; version: string | null; scope: string; required: boolean }

export function resolvePom(pom: PomModel, extra: Properties = new Map()): { pom: PomModel; dependencies: ResolvedDependency[] } {
  const p: PomModel = { ...pom, scm: pom.scm && { ...pom.scm }, issueManagement: pom.issueManagement && { ...pom.issueManagement } };
  if (p.parent) {
    if (p.groupId === null && p.parent.groupId) p.groupId = p.parent.groupId;
    if (p.version === null && p.parent.version) p.version = p.parent.version;
  }
  const base = baseProperties(p);
  const props: Properties = new Map(base);
  for (const [k, v] of extraProperties(p)) props.set(k, v);
  for (const [k, v] of extra) props.set(k, v);
  for (const [k, v] of [...props]) props.set(k, replaceProps(v, props));

  const dm = dependencyManagement(p, base);
  const deps = collectDependencies(p, base, dm);
  for (const key of ['groupId', 'version', 'classifier', 'packaging', 'name', 'description', 'inceptionYear', 'url', 'organizationName', 'organizationUrl'] as const) {
    const v = p[key];
    if (v) (p as unknown as Record<string, string | null>)[key] = replaceProps(v, props);
  }
  for (const map of [p.scm, p.issueManagement]) {
    for (const [k, v] of Object.entries(map ?? {})) if (v && map) map[k] = replaceProps(v, props);
  }
  const out: ResolvedDependency[] = [];
  for (const [scope, list] of deps) {
    for (const d of list) {
      const groupId = replaceProps(d.groupId, props);
      const artifactId = replaceProps(d.artifactId, props);
      if (!groupId || !artifactId) continue;
      out.push({ groupId, artifactId, version: replaceProps(d.version, props), scope, required: d.required });
    }
  }
  for (const [[groupId, artifactId], entry] of dm) {
    const g = replaceProps(groupId, props);
    const a = replaceProps(artifactId, props);
    out.push({ groupId: g ?? '', artifactId: a ?? '', version: replaceProps(entry.version, props), scope: 'dependencyManagement', required: !entry.optional });
  }
  return { pom: p, dependencies: out.filter((d) => d.groupId && d.artifactId) };
}

/** pymaven's `Pom.properties`: parent.*, built-in coordinates, `<properties>`, prerequisites. */
function baseProperties(p: PomModel): Properties {
  const props: Properties = new Map();
  if (p.parent) {
    for (const [k, v] of [['groupId', p.parent.groupId], ['artifactId', p.parent.artifactId], ['version', p.parent.version ?? 'None']] as const) {
      for (const name of variants(`parent.${k}`)) props.set(name, v);
    }
  }
  for (const [k, v] of [['artifactId', p.artifactId], ['groupId', p.groupId], ['version', p.version ?? 'None']] as const) {
    for (const name of [k, `project.${k}`, `pom.${k}`]) props.set(name, v);
  }
  for (const [k, v] of p.properties) props.set(k, v);
  return props;
}

function extraProperties(p: PomModel): Properties {
  const props: Properties = new Map();
  for (const [name, v] of [['classifier', p.classifier], ['packaging', p.packaging], ['organization.name', p.organizationName], ['organization.url', p.organizationUrl]] as const) {
    for (const key of variants(name)) props.set(key, v);
  }
  return props;
}

interface ManagedEntry { version: string | null; scope: string | null; optional: boolean }
type ManagedKey = [string | null, string | null];

function dependencyManagement(p: PomModel, props: Properties): Map<ManagedKey, ManagedEntry> {
  const byKey = new Map<string, [ManagedKey, ManagedEntry]>();
  for (const d of p.dependencyManagement) {
    const g = replaceProps(d.groupId, props);
    const a = replaceProps(d.artifactId, props);
    byKey.set(JSON.stringify([g, a]), [[g, a], { version: replaceProps(d.version, props), scope: d.scope, optional: d.optional === 'true' }]);
  }
  return new Map(byKey.values());
}

interface RawDep { groupId: string | null; artifactId: string | null; version: string | null; required: boolean }

/** pymaven's `Pom.dependencies`: import-scoped managed entries, then `<dependencies>` by scope. */
function collectDependencies(p: PomModel, props: Properties, dm: Map<ManagedKey, ManagedEntry>): Map<string, RawDep[]> {
  const byScope = new Map<string, RawDep[]>();
  const add = (scope: string, dep: RawDep) => {
    const list = byScope.get(scope) ?? [];
    if (!list.some((x) => x.groupId === dep.groupId && x.artifactId === dep.artifactId && x.version === dep.version && x.required === dep.required)) list.push(dep);
    byScope.set(scope, list);
  };
  for (const [[g, a], e] of dm) if (e.scope === 'import') add('import', { groupId: g, artifactId: a, version: e.version, required: !e.optional });
  const managed = new Map([...dm].map(([[g, a], e]) => [JSON.stringify([g, a]), e]));
  for (const d of p.dependencies) add(...declared(d, props, managed));
  return byScope;
}

function declared(d: PomDependency, props: Properties, managed: Map<string, ManagedEntry>): [string, RawDep] {
  const groupId = replaceProps(d.groupId, props);
  const artifactId = replaceProps(d.artifactId, props);
  const m = managed.get(JSON.stringify([groupId, artifactId]));
  let version = d.version ?? m?.version ?? null;
  version = version === null ? 'latest.release' : replaceProps(version, props);
  const scope = d.scope ?? m?.scope ?? 'compile';
  return [scope, { groupId, artifactId, version, required: d.optional !== 'true' }];
}
