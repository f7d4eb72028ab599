import { isObject, text } from './coerce';
import { problem, type InventoryFormat, type InventoryItem } from './inventory-item';
import { normalizeDependency } from './normalize-dependency';
import { normalizeLicenseDetection } from './normalize-license-detection';
import { normalizePackage } from './normalize-package';
import { normalizeRelation } from './normalize-relation';
import { normalizeResource } from './normalize-resource';
import { stripCodebasePrefix, stripRoot, trimSlashes } from './scan-paths';
import type { SectionName } from './section-assembler';

/**
 * Turns one array element of a known section into items, applying the path rules of
 * the input's format. Holds the toolkit scan root, learnt from the first file.
 */
export class EntryNormalizer {
  private readonly refPath: (path: string) => string;
  private root: string | null = null;
  private outsideRootReported = false;

  constructor(private readonly format: InventoryFormat) {
    // Paths that refer to resources (datafile paths, match files, file regions): the
    // toolkit's carry the scan root; ScanCode.io's are project paths, but some older
    // ones still start with its `codebase/` work directory.
    this.refPath = format === 'scancode-toolkit' ? stripRoot : stripCodebasePrefix;
  }

  normalize(section: SectionName, value: unknown, index: number): InventoryItem[] {
    if (!isObject(value)) {
      return [problem('error', `Invalid ${section} entry: expected an object`, { section, index })];
    }
    switch (section) {
      case 'headers':
        return []; // read by the caller before any entry is normalized
      case 'packages':
        return normalizePackage(value, this.refPath, index);
      case 'dependencies':
        return normalizeDependency(value, this.refPath, index);
      case 'license_detections':
        return normalizeLicenseDetection(value, this.refPath, index);
      case 'files':
        return this.resource(value, index);
      case 'relations':
        return normalizeRelation(value, index);
    }
  }

  private resource(value: Record<string, unknown>, index: number): InventoryItem[] {
    const scanPath = text(value.path);
    if (!scanPath) return [problem('error', 'Resource without a path', { section: 'files', index })];
    if (this.format === 'scanpipe') return normalizeResource(value, scanPath, index);

    const path = trimSlashes(scanPath);
    const slash = path.indexOf('/');
    if (this.root === null) {
      // Toolkit output lists the root first and everything under it, so the first
      // entry names the root even when the root entry itself was filtered out.
      this.root = slash === -1 ? path : path.slice(0, slash);
    }
    if (path === this.root) {
      // The root directory is not a project resource (ScanCode.io walks with
      // skip_root); a single-file scan's root is the file itself and is kept.
      return value.type === 'directory' ? [] : normalizeResource(value, path, index);
    }
    if (path.startsWith(`${this.root}/`)) return normalizeResource(value, path.slice(this.root.length + 1), index);

    // Several roots: nothing can be stripped safely, so the path is kept whole.
    const items = normalizeResource(value, path, index);
    if (!this.outsideRootReported) {
      this.outsideRootReported = true;
      items.push(problem('warning', `Resource outside the scan root "${this.root}" kept with its full path`, { resource_path: path }));
    }
    return items;
  }
}
