/**
 * Package data recognition for one file: every handler whose path patterns match (and whose
 * content check accepts the file) parses it; all their PackageData are kept (ScanCode's
 * `recognize_package_data`). A parser that throws costs only its own result: the error is
 * returned for the caller to record as a scan error, in ScanCode's wording.
 */
import type { DatafileHandler } from './handler';
import { fnmatchTest } from './fnmatch';
import type { PackageData } from './package-data';

export interface RecognizeResult {
  packageData: PackageData[];
  errors: string[];
}

/** Each handler's patterns as tests, made once per handler list (a scan asks for every path). */
const compiled = new WeakMap<readonly DatafileHandler[], ((path: string) => boolean)[]>();

function handlerTests(handlers: readonly DatafileHandler[]): ((path: string) => boolean)[] {
  let tests = compiled.get(handlers);
  if (!tests) {
    tests = handlers.map((h) => {
      const each = h.pathPatterns.map(fnmatchTest);
      return (path: string) => each.some((t) => t(path));
    });
    compiled.set(handlers, tests);
  }
  return tests;
}

export function matchingHandlers(path: string, handlers: readonly DatafileHandler[]): DatafileHandler[] {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  const tests = handlerTests(handlers);
  return handlers.filter((_, i) => tests[i](withSlash));
}

/**
 * `location` is what the patterns are tested against (ScanCode uses the absolute location);
 * `path` is the codebase path the data is reported under (defaults to `location`); `sibling`
 * reads a file next to it, when the caller can (see DatafileInput.sibling).
 */
export function recognizePackageData(location: string, content: Buffer, handlers: readonly DatafileHandler[], path = location, sibling?: (name: string) => Buffer | null): RecognizeResult {
  const out: RecognizeResult = { packageData: [], errors: [] };
  for (const handler of matchingHandlers(location, handlers)) {
    if (handler.accepts && !handler.accepts(content.subarray(0, 4096), path)) continue;
    try {
      out.packageData.push(...handler.parse(sibling ? { path, content, sibling } : { path, content }));
    } catch (e) {
      out.errors.push(`ERROR: for scanner: packages:\n${handler.datasourceId}: ${(e as Error)?.message ?? String(e)}`);
    }
  }
  return out;
}
