/**
 * ScanCode's `update_dependencies_as_resolved`: inside each locked package, a requirement on a
 * package that the same lockfile also locks is marked `is_pinned` (its version is known there).
 */
import type { DependencyInput, PackageData } from '../package-data';
import { parsePurl, purlOf } from '../package-data';

function basePurl(purl: string | null | undefined): string | null {
  const p = purl ? parsePurl(purl) : null;
  return p ? purlOf({ type: p.type, namespace: p.namespace, name: p.name, version: null, qualifiers: {}, subpath: null }) : null;
}

export function markResolvedRequirements(locked: readonly DependencyInput[]): void {
  const resolved = new Set<string>();
  for (const d of locked) {
    const base = basePurl((d.resolved_package as Partial<PackageData> | undefined)?.purl);
    if (base) resolved.add(base);
  }
  for (const d of locked) {
    const rp = d.resolved_package as Partial<PackageData> | undefined;
    for (const sub of rp?.dependencies ?? []) if (sub.purl && resolved.has(sub.purl)) sub.is_pinned = true;
  }
}
