/**
 * Package data recognition for one file: every handler whose path patterns match (and whose
 * content check accepts the file) parses it; all their PackageData are kept (ScanCode's
 * `recognize_package_data`). A parser that throws costs only its own result: the error is
 * returned for the caller to record as a scan error, in ScanCode's wording.
 */
import type { DatafileHandler } from './handler';
import { fnmatchLiteralTail, fnmatchTest } from './fnmatch';
import type { PackageData } from './package-data';

export interface RecognizeResult {
  packageData: PackageData[];
  errors: string[];
}

/**
 * The handlers' pattern tests, indexed by the last characters a matching path must end with (the
 * pattern's literal tail: `/package.json` for npm's manifest pattern), so that a path is tested only
 * against the few patterns it could match: a scan asks for every path of the codebase, twice
 * for a package scan (collection and the step), and most paths match none of the 113 patterns.
 */
interface PatternTest {
  handler: number;
  test: (path: string) => boolean;
}

interface HandlerIndex {
  /** Tests by the last TAIL_KEY characters of their literal tail. */
  byTail: Map<string, PatternTest[]>;
  /** Tests whose literal tail is shorter than that (a Gemfile variant's, `.in` of pip's): always tried. */
  always: PatternTest[];
}

const TAIL_KEY = 4;
const indexes = new WeakMap<readonly DatafileHandler[], HandlerIndex>();

function handlerIndex(handlers: readonly DatafileHandler[]): HandlerIndex {
  const known = indexes.get(handlers);
  if (known) return known;
  const index: HandlerIndex = { byTail: new Map(), always: [] };
  handlers.forEach((h, handler) => {
    for (const pattern of h.pathPatterns) {
      const entry = { handler, test: fnmatchTest(pattern) };
      const tail = fnmatchLiteralTail(pattern);
      if (tail.length < TAIL_KEY) index.always.push(entry);
      else {
        const key = tail.slice(-TAIL_KEY);
        const tests = index.byTail.get(key);
        if (tests) tests.push(entry);
        else index.byTail.set(key, [entry]);
      }
    }
  });
  indexes.set(handlers, index);
  return index;
}

/** The handlers whose path patterns match `path`, in the list's order. */
export function matchingHandlers(path: string, handlers: readonly DatafileHandler[]): DatafileHandler[] {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  const { byTail, always } = handlerIndex(handlers);
  let matched: Set<number> | null = null;
  for (const candidates of [byTail.get(withSlash.slice(-TAIL_KEY)), always]) {
    for (const { handler, test } of candidates ?? []) if (test(withSlash)) (matched ??= new Set()).add(handler);
  }
  return matched ? handlers.filter((_, i) => matched!.has(i)) : [];
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
