import Parser from 'stream-json/Parser';
import { InventoryFormatError, type TextPosition } from './inventory-item';
import { SectionAssembler, type SectionEntry, type Token } from './section-assembler';

/**
 * stream-json 1.9's Parser internals this class relies on. Its errors carry no
 * position, and a user handed "expected ','" for a 500 MB file needs one.
 */
interface ParserInternals {
  _buffer: string;
  _done: boolean;
  _expect: string;
  _stack: string[];
  _parent: string;
  _open_number: boolean;
  _accumulator: string;
}

type Snapshot = Omit<ParserInternals, '_done' | '_stack'> & { _stack: string[] };
type Done = (error?: Error | null) => void;

const NEWLINE = 10;

/**
 * A stream-json Parser (packed keys, strings and numbers only) that emits
 * SectionEntries instead of tokens: each token goes straight to a SectionAssembler,
 * which saves a stream hop per token (a third of the reading time).
 *
 * Its syntax errors are InventoryFormatErrors with the line, column and character
 * offset of the offending token. It counts the characters the parser consumes; when a
 * chunk fails, it rewinds the parser to the state before that chunk and replays it one
 * character at a time with output muted, which pins the error down at no cost while
 * the input is valid. Errors travel in band, after the entries before them, rather
 * than failing the stream: a stream error would discard entries already parsed but not
 * yet read.
 */
export class SectionParser extends Parser {
  private offset = 0; // characters consumed before the parser's pending buffer
  private line = 1;
  private lineStart = 0; // offset of the first character of the current line
  private failed = false;
  private muted = false;
  private readonly sections = new SectionAssembler();

  constructor() {
    super({ packValues: true, streamValues: false });
  }

  /** stream-json pushes every token through here. */
  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk === null) return super.push(null, encoding);
    if (this.muted || this.failed) return true;
    let entry: SectionEntry | undefined;
    try {
      entry = this.sections.consume(chunk as Token);
    } catch (error) {
      if (!(error instanceof InventoryFormatError)) throw error;
      this.failed = true;
      entry = { section: null, error };
    }
    return entry ? super.push(entry) : true;
  }

  // Called by stream-json's Utf8Stream with the pending buffer extended by a new chunk.
  _processBuffer(callback: Done): void {
    const self = this as unknown as ParserInternals;
    if (this.failed) {
      self._buffer = ''; // input after an error is read to no purpose; drop it
      return callback(null);
    }
    const snapshot: Snapshot = { ...this.state(), _stack: [...self._stack] };
    const error = this.runParser();
    if (this.failed) return callback(null); // the assembler rejected the document
    if (!error) {
      this.advance(snapshot._buffer, snapshot._buffer.length - self._buffer.length);
      return callback(null);
    }
    this.failed = true;
    const located = self._done ? this.located(error, 0, snapshot._buffer) : this.replay(snapshot, error);
    super.push({ section: null, error: located } satisfies SectionEntry);
    callback(null);
  }

  private state(): Snapshot {
    const { _buffer, _expect, _stack, _parent, _open_number, _accumulator } = this as unknown as ParserInternals;
    return { _buffer, _expect, _stack, _parent, _open_number, _accumulator };
  }

  private runParser(): Error | null {
    let failure: Error | null = null;
    // stream-json's _processBuffer reports synchronously through its callback.
    (Parser.prototype as unknown as { _processBuffer(this: unknown, done: Done): void })._processBuffer.call(this, (error) => {
      failure = error ?? null;
    });
    return failure;
  }

  private advance(text: string, consumed: number): void {
    for (let at = text.indexOf('\n'); at !== -1 && at < consumed; at = text.indexOf('\n', at + 1)) {
      this.line++;
      this.lineStart = this.offset + at + 1;
    }
    this.offset += consumed;
  }

  /** Feeds the failed text again character by character to find where it breaks. */
  private replay(snapshot: Snapshot, original: Error): InventoryFormatError {
    const self = this as unknown as ParserInternals;
    Object.assign(self, { ...snapshot, _buffer: '', _stack: [...snapshot._stack] });
    const text = snapshot._buffer;
    this.muted = true; // the tokens before the error were already emitted once
    try {
      for (let next = 0; next < text.length; next++) {
        const pendingStart = next - self._buffer.length; // what the parser has not consumed yet
        self._buffer += text[next];
        const error = this.runParser();
        if (error) return this.located(error, pendingStart, text);
      }
    } finally {
      this.muted = false;
    }
    return this.located(original, 0, text);
  }

  /** Builds the error for a failure at `index` of `text` (which starts at this.offset). */
  private located(error: Error, index: number, text: string): InventoryFormatError {
    let line = this.line;
    let lineStart = this.lineStart;
    for (let i = 0; i < index; i++) {
      if (text.charCodeAt(i) === NEWLINE) {
        line++;
        lineStart = this.offset + i + 1;
      }
    }
    const position: TextPosition = { offset: this.offset + index, line, column: this.offset + index - lineStart + 1 };
    return new InventoryFormatError(`Invalid JSON at line ${line}, column ${position.column}: ${error.message}`, position);
  }
}
