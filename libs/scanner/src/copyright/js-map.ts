import type { NumberedLine } from '../text';

/**
 * Source maps (.js.map, .css.map) are read as ScanCode reads them: only the embedded sources
 * (`sourcesContent`), split into their lines and numbered one after the other. The mappings
 * and names are no text. Null when the file is not such a map.
 */
export function sourceMapLines(lines: NumberedLine[], path?: string): NumberedLine[] | null {
  if (!path || !(path.endsWith('.js.map') || path.endsWith('.css.map'))) return null;
  let map: unknown;
  try {
    map = JSON.parse(lines.map((l) => l.text).join('\n'));
  } catch {
    return null;
  }
  const sources = (map as { sourcesContent?: unknown }).sourcesContent;
  if (!Array.isArray(sources)) return null;
  const out: NumberedLine[] = [];
  for (const source of sources) {
    if (typeof source !== 'string') continue;
    const text = source.replace(/\\\\r\\\\n|\\r\\n|\\\\r|\\\\n|\\r|\\n/g, '\n');
    for (const line of text.split(/\r\n|\r|\n/)) out.push({ line: out.length + 1, text: line.replace(/\\[rnt]/g, ' ') });
  }
  return out;
}
