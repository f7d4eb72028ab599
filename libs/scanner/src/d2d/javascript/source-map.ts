import { createHash } from 'node:crypto';

/**
 * What map_javascript reads of a `.map` file (ScanCode.io's js.get_map_sources,
 * get_map_sources_content and source_content_sha1_list).
 */
export interface SourceMapData {
  /**
   * The usable `sources`: entries starting with `webpack:///` dropped, each reduced to what
   * follows its last `../`, and only those left with at least two path parts kept.
   */
  sources: string[];
  /** `sourcesContent` as it is (non-strings as null): the line-similarity fallback pairs it, by position, with `sources`. */
  sourcesContent: (string | null)[];
  /** The sha1 of each non-empty `sourcesContent` entry (of its UTF-8 bytes), in order. */
  contentSha1s: string[];
}

export type SourceMapParse = { ok: true; map: SourceMapData } | { ok: false; error: string };

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Reads a source map. Never throws: undecodable bytes, invalid JSON and JSON that is not an
 * object give `ok: false` with the reason (ScanCode.io logs it and maps nothing). A byte order
 * mark is kept, so that, as with Python's json module, it makes the JSON invalid.
 */
export function parseSourceMap(content: string | Uint8Array): SourceMapParse {
  let data: unknown;
  try {
    data = JSON.parse(typeof content === 'string' ? content : UTF8.decode(content));
  } catch (error) {
    return { ok: false, error: `Invalid source map: ${(error as Error).message}` };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { ok: false, error: 'Invalid source map: not a JSON object' };
  const record = data as Record<string, unknown>;
  const rawSources = Array.isArray(record['sources']) ? (record['sources'] as unknown[]) : [];
  const rawContents = Array.isArray(record['sourcesContent']) ? (record['sourcesContent'] as unknown[]) : [];
  const sourcesContent = rawContents.map((c) => (typeof c === 'string' ? c : null));
  return {
    ok: true,
    map: {
      sources: usableSources(rawSources),
      sourcesContent,
      contentSha1s: sourcesContent.filter((c): c is string => !!c).map(sourceContentSha1),
    },
  };
}

/** get_map_sources' filter over the raw `sources` entries. */
export function usableSources(rawSources: readonly unknown[]): string[] {
  return rawSources
    .filter((s): s is string => typeof s === 'string' && s !== '' && !s.startsWith('webpack:///'))
    .map(afterLastParentReference)
    .filter((s) => posixPartCount(s) > 1);
}

/** `source.rsplit("../", 1)[-1]`. */
function afterLastParentReference(source: string): string {
  const at = source.lastIndexOf('../');
  return at < 0 ? source : source.slice(at + 3);
}

/**
 * len(PurePosixPath(path).parts): a leading "/" is a part of its own, empty and "." segments
 * are not ("./main.js" has one part, "/main.js" two).
 */
export function posixPartCount(path: string): number {
  const root = path.startsWith('/') ? 1 : 0;
  return root + path.split('/').filter((s) => s !== '' && s !== '.').length;
}

/**
 * js.sha1: the sha1 of the content's UTF-8 bytes. A lone surrogate (possible in JSON through
 * \ud800 escapes) is encoded as U+FFFD here, where Python's encode() raises and stops the step.
 */
export function sourceContentSha1(content: string): string {
  return createHash('sha1').update(content, 'utf8').digest('hex');
}
