import type { RelationRecord } from '@sca/contracts';
import { text } from './coerce';
import { problem, type InventoryItem } from './inventory-item';

/**
 * Maps one ScanCode.io `relations` entry onto a relation record. ScanCode.io recreates a
 * relation from the two paths and the map type, so an entry missing any of them is
 * unusable.
 */
export function normalizeRelation(raw: Record<string, unknown>, index: number): InventoryItem[] {
  const record: RelationRecord = {
    to_resource: text(raw.to_resource),
    status: text(raw.status),
    map_type: text(raw.map_type),
    score: text(raw.score),
    from_resource: text(raw.from_resource),
  };
  const missing = (['from_resource', 'to_resource', 'map_type'] as const).filter((field) => !record[field]);
  if (missing.length) {
    return [problem('error', `Relation without ${missing.join(', ')}`, { section: 'relations', index, from_resource: record.from_resource, to_resource: record.to_resource })];
  }
  return [{ kind: 'relation', record }];
}
