import { pipeline, type Readable } from 'node:stream';
import { isObject, text } from './coerce';
import { EntryNormalizer } from './entry-normalizer';
import {
  InventoryFormatError,
  problem,
  type InventoryFormat,
  type InventoryItem,
  type ReadInventoryOptions,
} from './inventory-item';
import type { SectionEntry, SectionItemEntry } from './section-assembler';
import { SectionParser } from './section-parser';

/**
 * Records are normalized by format, which only the headers tell. Both ScanCode tools
 * write `headers` first; entries seen before it are held, up to this many, so a
 * reordered small file still loads while a big one cannot fill memory.
 */
const MAX_ENTRIES_BEFORE_HEADERS = 1000;

/**
 * Reads a ScanCode-toolkit or ScanCode.io JSON inventory in one streaming pass and
 * yields its headers first, then its records in document order, normalized to the
 * ScanCode.io record shapes. Memory stays flat: one array element is held at a time.
 *
 * A malformed entry yields a `problem` instead of a record and reading goes on. An
 * input that is not a supported inventory, or not valid JSON, throws an
 * InventoryFormatError; items yielded before a syntax error stay yielded. The input is
 * consumed and destroyed when reading ends or stops early.
 */
export async function* readInventory(input: Readable, options: ReadInventoryOptions = {}): AsyncGenerator<InventoryItem> {
  const maxErrors = options.maxErrors ?? Number.POSITIVE_INFINITY;
  const sections = new SectionParser();
  // pipeline destroys both streams when one fails, so an input error ends the iteration
  // below with that error; the callback only keeps it from being unhandled. Syntax
  // errors arrive in band, as entries.
  pipeline(input, sections, () => undefined);

  const headers: Record<string, unknown>[] = [];
  let firstHeader: unknown;
  const early: SectionItemEntry[] = [];
  let normalizer: EntryNormalizer | null = null;
  let dropped = 0;

  function* itemsOf(entry: SectionItemEntry, entries: EntryNormalizer): Generator<InventoryItem> {
    if (entry.section === 'headers') return; // a repeated headers key adds nothing
    if ('end' in entry) {
      if (!entry.isArray) yield problem('error', `Section "${entry.section}" is not an array and was skipped`, { section: entry.section });
      return;
    }
    const items = entries.normalize(entry.section, entry.value, entry.index);
    if (items.length > 0 && items.every((item) => item.kind === 'problem')) {
      dropped++;
      if (dropped > maxErrors) {
        throw new InventoryFormatError(`Reading stopped: more than ${maxErrors} invalid entries`);
      }
    }
    yield* items;
  }

  try {
    for await (const entry of sections as AsyncIterable<SectionEntry>) {
      if ('error' in entry) {
        throw entry.error;
      } else if (normalizer) {
        yield* itemsOf(entry, normalizer);
      } else if (entry.section !== 'headers') {
        early.push(entry);
        if (early.length > MAX_ENTRIES_BEFORE_HEADERS) {
          throw new InventoryFormatError(`Input not supported: no headers before the first ${MAX_ENTRIES_BEFORE_HEADERS} records`);
        }
      } else if ('value' in entry) {
        if (entry.index === 0) firstHeader = entry.value;
        if (isObject(entry.value)) headers.push(entry.value);
      } else {
        const format = detectFormat(firstHeader);
        normalizer = new EntryNormalizer(format);
        yield { kind: 'headers', format, headers };
        for (const pending of early.splice(0)) yield* itemsOf(pending, normalizer);
      }
    }
  } finally {
    sections.destroy(); // stops the input too when the caller leaves early
  }
  if (!normalizer) throw new InventoryFormatError('Input not supported: no headers');
}

/** The tool is told by `headers[0].tool_name`, as in ScanCode.io's load_inventory. */
function detectFormat(firstHeader: unknown): InventoryFormat {
  const toolName = isObject(firstHeader) ? text(firstHeader.tool_name) : '';
  if (toolName === 'scancode-toolkit' || toolName === 'scanpipe') return toolName;
  throw new InventoryFormatError(`Input not supported: ${toolName || 'no headers'}`);
}
