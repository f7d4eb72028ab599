import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Json, JsonObject } from './scancodeio-normalization';

/** One difference between a golden document and ours: where, the golden value and ours. */
export interface Difference {
  where: string;
  golden: Json | undefined;
  ours: Json | undefined;
}

const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Every difference between `golden` and `ours`, key order of objects included. */
export function differences(golden: Json | undefined, ours: Json | undefined, where: string, out: Difference[] = []): Difference[] {
  if (isObject(golden) && isObject(ours)) {
    const gk = Object.keys(golden);
    const ok = Object.keys(ours);
    for (const k of gk) if (!(k in ours)) out.push({ where: `${where}.${k}`, golden: golden[k], ours: undefined });
    for (const k of ok) if (!(k in golden)) out.push({ where: `${where}.${k}`, golden: undefined, ours: ours[k] });
    const common = gk.filter((k) => k in ours);
    const oursCommon = ok.filter((k) => k in golden);
    if (common.join() !== oursCommon.join()) out.push({ where: `${where} key order`, golden: common, ours: oursCommon });
    for (const k of common) differences(golden[k], ours[k], `${where}.${k}`, out);
    return out;
  }
  if (Array.isArray(golden) && Array.isArray(ours)) {
    if (golden.length !== ours.length) out.push({ where: `${where} length`, golden: golden.length, ours: ours.length });
    for (let i = 0; i < Math.min(golden.length, ours.length); i++) differences(golden[i], ours[i], `${where}[${i}]`, out);
    return out;
  }
  if (JSON.stringify(golden) !== JSON.stringify(ours)) out.push({ where, golden, ours });
  return out;
}

/** Differences of two record lists matched by a key (files by path, packages by datasource...). */
export function recordDifferences(section: string, golden: JsonObject[], ours: JsonObject[], id: (r: JsonObject) => string): Difference[] {
  const out: Difference[] = [];
  const oursById = new Map(ours.map((r) => [id(r), r]));
  const goldenIds = new Set(golden.map(id));
  for (const g of golden) differences(g, oursById.get(id(g)), `${section}[${id(g)}]`, out);
  for (const o of ours) if (!goldenIds.has(id(o))) out.push({ where: `${section}[${id(o)}]`, golden: undefined, ours: o });
  return out;
}

/**
 * Where a difference comes from:
 * - golden-source: the golden was made from other input or another pipeline than ours;
 * - golden-harness: how ScanCode.io's test builds the golden (no task runner, no input files,
 *   data added before the export);
 * - departure: a deliberate, documented departure of this service (README, docs/architecture.md);
 * - service: this service writes the same data differently from ScanCode.io (reported, not fixed).
 */
export type DifferenceKind = 'golden-source' | 'golden-harness' | 'departure' | 'service';

/**
 * A difference found and explained. `where` is `<area>:<path>`; in the path `*` stands for any
 * text within one segment and `**` for anything.
 */
export interface KnownDifference {
  where: string;
  kind: DifferenceKind;
  reason: string;
  /** When given, the golden and our values must be these. */
  golden?: Json;
  ours?: Json;
  /** When given, must hold for the golden and our values. */
  check?: (golden: Json | undefined, ours: Json | undefined) => boolean;
}

function patternRegExp(pattern: string): RegExp {
  const parts = pattern.split(/(\[\*\]|\*\*|\*)/).map((part) => {
    if (part === '[*]') return '\\[[^\\]]*\\]';
    if (part === '**') return '.*';
    if (part === '*') return '[^.\\[\\]]*';
    return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${parts.join('')}$`);
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function explains(known: KnownDifference, d: Difference): boolean {
  if (!patternRegExp(known.where).test(d.where)) return false;
  if ('golden' in known && !sameJson(known.golden, d.golden)) return false;
  if ('ours' in known && !sameJson(known.ours, d.ours)) return false;
  return known.check ? known.check(d.golden, d.ours) : true;
}

/**
 * Fails on any difference of `area` that no entry of `known` explains, and on any entry of the
 * area that explains nothing any more. With `dumpDir`, writes the differences found there.
 */
export function expectOnlyKnownDifferences(area: string, found: Difference[], known: KnownDifference[], dumpDir?: string): void {
  const ofArea = known.filter((k) => k.where.startsWith(`${area}:`)).map((k) => ({ ...k, where: k.where.slice(area.length + 1) }));
  const unexplained = found.filter((d) => !ofArea.some((k) => explains(k, d)));
  const stale = ofArea.filter((k) => !found.some((d) => explains(k, d))).map((k) => `${area}:${k.where}`);
  if (dumpDir) {
    mkdirSync(dumpDir, { recursive: true });
    writeFileSync(join(dumpDir, `${area}.differences.json`), JSON.stringify(found, null, 2));
  }
  expect({ unexplained, stale }).toEqual({ unexplained: [], stale: [] });
}
