import Assembler from 'stream-json/Assembler';
import { InventoryFormatError } from './inventory-item';

export const SECTION_NAMES = ['headers', 'packages', 'dependencies', 'license_detections', 'files', 'relations'] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

/** One element of a known top-level array, or that array's end. */
export type SectionItemEntry =
  | { section: SectionName; index: number; value: unknown }
  | { section: SectionName; end: true; isArray: boolean };
/** Section entries in document order, or the syntax error that ended them. */
export type SectionEntry = SectionItemEntry | { section: null; error: InventoryFormatError };

/** A stream-json token (packed values only). */
export interface Token {
  name: string;
  value?: string;
}

const VALUE_TOKENS = new Set(['startObject', 'startArray', 'stringValue', 'numberValue', 'nullValue', 'trueValue', 'falseValue']);

function isSection(key: string | null): key is SectionName {
  return (SECTION_NAMES as readonly (string | null)[]).includes(key);
}

/**
 * Turns stream-json tokens into the elements of the known top-level arrays, one
 * assembled element at a time, so memory holds a single element rather than the whole
 * document. Every other top-level value (summary, license_references, todo…) is skipped
 * token by token without being built.
 */
export class SectionAssembler {
  private started = false;
  private key: string | null = null; // top-level key whose value comes next
  private section: SectionName | null = null; // known array being streamed
  private index = 0;
  private readonly assembler = new Assembler();
  private assembling = false;
  private skipDepth = -1; // open containers inside a skipped value; -1 when not skipping

  /** Consumes one token; returns the entry it completes, if any. */
  consume(token: Token): SectionItemEntry | undefined {
    if (this.assembling) {
      this.assembler.consume(token);
      return this.assembler.done ? this.element() : undefined;
    }
    if (this.skipDepth >= 0) return this.skip(token);
    if (this.section) return this.inSection(token, this.section);
    if (this.started) return this.inTopObject(token);
    if (token.name === 'startObject') {
      this.started = true;
      return undefined;
    }
    throw new InventoryFormatError('Input not supported: the JSON document is not an object');
  }

  private inSection(token: Token, section: SectionName): SectionItemEntry | undefined {
    if (token.name === 'endArray') {
      this.section = null;
      return { section, end: true, isArray: true };
    }
    if (!VALUE_TOKENS.has(token.name)) return undefined;
    this.assembling = true;
    this.assembler.consume(token);
    return this.assembler.done ? this.element() : undefined; // done at once for a scalar element
  }

  private inTopObject(token: Token): SectionItemEntry | undefined {
    if (token.name === 'keyValue') {
      this.key = token.value ?? '';
      return undefined;
    }
    if (token.name === 'endObject') {
      this.started = false; // the document is complete; the parser rejects anything after it
      return undefined;
    }
    if (!VALUE_TOKENS.has(token.name)) return undefined;
    const key = this.key;
    this.key = null;
    if (isSection(key) && token.name === 'startArray') {
      this.section = key;
      this.index = 0;
      return undefined;
    }
    this.skipDepth = 0;
    this.skip(token);
    // A known section that is not an array is reported as an empty one.
    return isSection(key) ? { section: key, end: true, isArray: false } : undefined;
  }

  private skip(token: Token): undefined {
    if (token.name === 'startObject' || token.name === 'startArray') this.skipDepth++;
    else if (token.name === 'endObject' || token.name === 'endArray') this.skipDepth--;
    if (this.skipDepth === 0) this.skipDepth = -1;
    return undefined;
  }

  private element(): SectionItemEntry {
    const value: unknown = this.assembler.current;
    this.assembling = false;
    this.assembler.current = null; // drop the reference so the element can be collected once consumed
    return { section: this.section as SectionName, index: this.index++, value };
  }
}
