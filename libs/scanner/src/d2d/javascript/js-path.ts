import type { PathSuffixHit } from './map-javascript';

/**
 * The JavaScript file-name tables of map_javascript_path and map_javascript_colocation
 * (ScanCode.io's js._js_extensions and js.PROSPECTIVE_JAVASCRIPT_MAP).
 */

/** Known extensions, compound ones first: a name takes the first one it ends with. */
export const JS_EXTENSIONS = [
  '.scss.js.map', '.soy.js.map', '.css.map', '.js.map', '.scss.js', '.soy.js', '.d.ts', '.scss', '.soy', '.css', '.jsx', '.js', '.ts',
] as const;

export type JsExtension = (typeof JS_EXTENSIONS)[number];

export interface JsPathProspect {
  /** Sibling transpiled files to relate with the key file (`<base><ext>` next to it). */
  related: readonly string[];
  /** Extensions the source may have (`<base><ext>` looked up in from/), in this order. */
  sources: readonly string[];
}

/** For each kind of deployed key file, its possible sources and its sibling transpiled files. */
export const JS_PATH_PROSPECTS: Readonly<Partial<Record<JsExtension, JsPathProspect>>> = {
  '.scss.js.map': { related: ['.scss.js', '.css', '.css.map', '_rtl.css'], sources: ['.scss'] },
  '.js.map': { related: ['.js', '.jsx', '.ts'], sources: ['.jsx', '.ts', '.js'] },
  '.soy.js.map': { related: ['.soy.js', '.soy'], sources: ['.soy'] },
  '.css.map': { related: ['.css'], sources: ['.css'] },
  '.ts': { related: [], sources: ['.d.ts'] },
};

/** js.get_js_map_basename_and_extension: `app.js.map` -> { base: 'app', extension: '.js.map' }; null for other names. */
export function splitJsFileName(name: string): { base: string; extension: JsExtension } | null {
  const extension = JS_EXTENSIONS.find((ext) => name.endsWith(ext));
  return extension ? { base: name.slice(0, -extension.length), extension } : null;
}

interface KeyFile {
  /** Directory and base name, without the extension: `to/dist/app`. */
  basePath: string;
  /** Segments of basePath (the path score's denominator, `to` included). */
  baseSegments: number;
  prospect: JsPathProspect | undefined;
}

function keyFileOf(toPath: string): KeyFile | null {
  const segments = toPath.split('/').filter((s) => s !== '' && s !== '.');
  const split = splitJsFileName(segments.pop() ?? '');
  if (!split) return null;
  const baseSegments = [...segments, ...(split.base ? [split.base] : [])];
  return { basePath: baseSegments.join('/'), baseSegments: baseSegments.length, prospect: JS_PATH_PROSPECTS[split.extension] };
}

export interface JsPathSource {
  fromId: number;
  /** extra_data.path_score: "<matched segments>/<segments of the key file's base path, to/ included>". */
  pathScore: string;
}

/**
 * _map_javascript_path_resource's choice of a source for a deployed key file (`.map` or
 * `.ts`): each possible source extension is looked up as `<dir>/<base><ext>`; a lookup counts
 * when it matched at least 2 segments with no more candidates than matched segments, and the
 * longest one wins (the first extension on ties). The source is the first candidate of that
 * lookup, so the index should list candidates in path order, as ScanCode.io's does.
 */
export function selectJsPathSource(toPath: string, findPathSuffix: (path: string) => PathSuffixHit | null): JsPathSource | null {
  const key = keyFileOf(toPath);
  if (!key?.prospect) return null;
  let best: { hit: PathSuffixHit } | null = null;
  for (const ext of key.prospect.sources) {
    const hit = findPathSuffix(`${key.basePath}${ext}`);
    if (!hit || hit.ids.length > hit.matchedSegments || hit.matchedSegments <= 1) continue;
    if (!best || hit.matchedSegments > best.hit.matchedSegments) best = { hit };
  }
  if (!best) return null;
  return { fromId: best.hit.ids[0], pathScore: `${best.hit.matchedSegments}/${key.baseSegments}` };
}

/**
 * js.map_related_files: the paths of the sibling transpiled files of a key file, to relate
 * along with it when they exist among the to/ files without a status and not hidden.
 * Empty for a name that is not a JavaScript one (where ScanCode.io's colocation step fails).
 */
export function jsRelatedPaths(toPath: string): string[] {
  const key = keyFileOf(toPath);
  if (!key?.prospect) return [];
  return key.prospect.related.map((ext) => `${key.basePath}${ext}`);
}

/**
 * The key files of map_javascript_path and map_javascript_colocation, by path alone: `.map`
 * and `.ts` files (by last extension, so `.d.ts` too), not hidden, not under /node_modules/.
 * (ScanCode.io also requires them to be to/ files without a status.)
 */
export function isJsPathKeyFile(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (name.startsWith('.') || path.includes('/node_modules/')) return false;
  return name.endsWith('.map') || name.endsWith('.ts');
}
