import { WASMagic, WASMagicFlags } from 'wasmagic';
import { describeText } from './text-magic';

/**
 * libmagic (compiled to WebAssembly) for `file_type` and `mime_type`. Each flag set needs its
 * own libmagic instance; both are created once per process (or worker) and reused, because
 * loading the magic database is far more expensive than a detection.
 */
export interface MagicResult {
  file_type: string;
  mime_type: string;
}

/** libmagic reads at most this much of a file by default in older releases; enough for all rules that matter here. */
export const MAGIC_HEAD_BYTES = 1024 * 1024;

interface Detectors {
  description: WASMagic;
  mime: WASMagic;
}

let detectors: Promise<Detectors> | undefined;

function loadDetectors(): Promise<Detectors> {
  detectors ??= Promise.all([
    WASMagic.create({ flags: WASMagicFlags.NONE }),
    WASMagic.create({ flags: WASMagicFlags.MIME_TYPE }),
  ]).then(([description, mime]) => ({ description, mime }));
  return detectors;
}

/** Loads both libmagic instances now (their magic database takes a second of CPU), for a worker's warm-up. */
export async function loadMagic(): Promise<void> {
  await loadDetectors();
}

/**
 * Describe the first bytes of a file. An empty file gets the values libmagic gives for an empty
 * path (inode/x-empty), which is what ScanCode reports, rather than the buffer variant. Plain
 * text and JavaScript that libmagic would describe as such are described without it
 * (text-magic.ts); every other file goes to libmagic.
 */
export async function detectMagic(head: Uint8Array, contentKey?: string): Promise<MagicResult> {
  if (head.length === 0) return { file_type: 'empty', mime_type: 'inode/x-empty' };
  const cached = contentKey === undefined ? undefined : cache.get(contentKey);
  if (cached) return cached;
  const sample = head.length > MAGIC_HEAD_BYTES ? head.subarray(0, MAGIC_HEAD_BYTES) : head;
  const result = describeText(sample) ?? (await libmagic(sample));
  if (contentKey !== undefined) {
    if (cache.size >= CACHE_ENTRIES) cache.clear();
    cache.set(contentKey, result);
  }
  return result;
}

/** libmagic's own answer for a file's first bytes. */
export async function libmagic(sample: Uint8Array): Promise<MagicResult> {
  const { description, mime } = await loadDetectors();
  const file_type = normalize(description.detect(sample));
  return { file_type, mime_type: mimeForDescription(file_type) ?? normalize(mime.detect(sample)) };
}

/**
 * libmagic's answer depends on the bytes only, and a dependency tree holds many identical files
 * (the same LICENSE, the same helper in several versions): answers are kept per content key
 * (a digest of the whole content and its size, given by the caller), a few thousand at most.
 */
const CACHE_ENTRIES = 8192;
const cache = new Map<string, MagicResult>();

/**
 * Plain text as libmagic's encoding test names it when no magic rule matched: `ASCII text`,
 * `Unicode text, UTF-8 text`, `ISO-8859 text`, `UTF-8 Unicode (with BOM) text`, ..., optionally
 * followed by `, with very long lines (460)`, `, with CRLF line terminators` and the like.
 */
const PLAIN_TEXT = /^(?:(?:ASCII|ISO-8859|Non-ISO extended-ASCII|UTF-8 Unicode(?: \(with BOM\))?|Unicode text, UTF-(?:8|16|32)(?:, little-endian|, big-endian)?(?: \(with BOM\))?|(?:Little|Big)-endian UTF-16 Unicode) text)(?:, with [^,]+)*$/;
/** A language rule's label followed by the text libmagic's encoding test appends. */
const sourceText = (label: string) => new RegExp(`^${label}, (?:ASCII|ISO-8859|Non-ISO extended-ASCII|UTF-8 Unicode(?: \\(with BOM\\))?|Unicode(?: text, UTF-(?:8|16|32))?(?: \\(with BOM\\))?) text(?:, with [^,]+)*$`);
/** The same text behind the JavaScript rule (magic/Magdir/javascript, whose MIME type is text/javascript). */
const JAVASCRIPT_TEXT = sourceText('JavaScript source');

/**
 * The MIME type libmagic gives for a description that only one of its tests can produce, so the
 * second libmagic call (the expensive part of file info) is skipped for most files of a source
 * tree; null when the MIME type must be asked. Each pair is libmagic's own: is_json.c writes
 * `JSON text data` / application/json, the encoding test writes plain text / text/plain, and
 * the JavaScript rules carry text/javascript (checked against both calls on a 16,000-file npm tree).
 */
export function mimeForDescription(fileType: string): string | null {
  if (fileType === 'JSON text data') return 'application/json';
  if (PLAIN_TEXT.test(fileType)) return 'text/plain';
  if (JAVASCRIPT_TEXT.test(fileType)) return 'text/javascript';
  for (const [description, mime] of SINGLE_RULE_TYPES) if (description.test(fileType)) return mime;
  return null;
}

/**
 * Descriptions of a root filesystem's commonest binary files that one magic rule gives, with
 * that rule's MIME type (each checked against both calls on every file of a Debian bookworm
 * minbase root: 1,251 gzip files, 894 time zones, 695 shared objects, 592 message catalogs).
 */
const SINGLE_RULE_TYPES: readonly [RegExp, string][] = [
  // Source trees of deploy-to-develop (each pair checked against both calls on Guava's and Bouncy
  // Castle's sources and Guava's jar: 7,602 Java sources, 2,040 classes, 374 C and C++ files).
  [sourceText('Java source'), 'text/x-java'],
  [/^compiled Java class data, version \d+\.\d+(?: \(Java [^)]+\))?$/, 'application/x-java-applet'],
  [sourceText('C source'), 'text/x-c'],
  [sourceText('C\\+\\+ source'), 'text/x-c++'],
  [/^gzip compressed data(?:,|$)/, 'application/gzip'],
  [/^timezone data(?: \(fat\)| \(slim\))?(?:,|$)/, 'application/octet-stream'],
  [/^ELF (?:32|64)-bit (?:LSB|MSB) shared object(?:,|$)/, 'application/x-sharedlib'],
  [/^GNU message catalog \((?:little|big) endian\)(?:,|$)/, 'application/x-gettext-translation'],
];

/** ScanCode keeps only ASCII and collapses whitespace in libmagic output. */
function normalize(value: string): string {
  return value.replace(/[^\x00-\x7f]/g, '').trim().split(/\s+/).join(' ');
}
