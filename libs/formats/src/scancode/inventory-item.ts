import type {
  DependencyRecord,
  LicenseDetectionRecord,
  PackageRecord,
  RelationRecord,
  ResourceRecord,
} from '@sca/contracts';

/** Which tool wrote the inventory, from `headers[0].tool_name`. */
export type InventoryFormat = 'scancode-toolkit' | 'scanpipe';

/** The purl parts a DiscoveredDependency stores in its own columns (they are not serialized). */
import type { PurlParts } from '@sca/contracts';

export type { PurlParts };

export type InventoryDependency = DependencyRecord & PurlParts;
/** `rootfs_path` is a model column that the serializer hides; inventories may still carry it. */
export type InventoryResource = ResourceRecord & { rootfs_path: string };

export type ProblemSeverity = 'warning' | 'error';

export interface InventoryProblem {
  kind: 'problem';
  severity: ProblemSeverity;
  message: string;
  details: Record<string, unknown>;
}

export type InventoryItem =
  | { kind: 'headers'; format: InventoryFormat; headers: Record<string, unknown>[] }
  | { kind: 'package'; record: PackageRecord }
  | { kind: 'dependency'; record: InventoryDependency }
  | { kind: 'license_detection'; record: LicenseDetectionRecord }
  | { kind: 'resource'; record: InventoryResource }
  | { kind: 'relation'; record: RelationRecord }
  | InventoryProblem;

export interface ReadInventoryOptions {
  /**
   * How many entries may be dropped as malformed before reading stops with an
   * InventoryFormatError; unlimited when absent. A file full of bad entries is more
   * likely the wrong file than a scan worth loading.
   */
  maxErrors?: number;
}

/** Where in the input text a syntax error was found (1-based line and column). */
export interface TextPosition {
  offset: number;
  line: number;
  column: number;
}

/** The input cannot be read as an inventory at all (unsupported tool, broken JSON). */
export class InventoryFormatError extends Error {
  override name = 'InventoryFormatError';

  constructor(
    message: string,
    readonly position?: TextPosition,
  ) {
    super(message);
  }
}

export function problem(severity: ProblemSeverity, message: string, details: Record<string, unknown>): InventoryProblem {
  return { kind: 'problem', severity, message, details };
}
