export { readInventory } from './read-inventory';
export {
  InventoryFormatError,
  type InventoryDependency,
  type InventoryFormat,
  type InventoryItem,
  type InventoryProblem,
  type InventoryResource,
  type ProblemSeverity,
  type PurlParts,
  type ReadInventoryOptions,
  type TextPosition,
} from './inventory-item';
export { buildPurl, encodeQualifiers, parsePurl } from './purl';
export * from './toolkit-writer';
export type { FollowedRecordLicenses, ReferenceFollower } from './toolkit-follow';
export type { ReviewCollector, ReviewPackages, ReviewRecord } from './toolkit-todo';
export { normalizeResource } from './normalize-resource';
export { normalizePackage } from './normalize-package';
export { normalizeDependency } from './normalize-dependency';
