/**
 * The "binaryornot" heuristic ScanCode uses: a NUL byte, or too many control bytes in the
 * first chunk, or bytes that do not decode as UTF-8 while also not looking like Latin-1 text.
 */
export const BINARY_SNIFF_BYTES = 1024;

const BINARY_EXTENSIONS = new Set(['.pyc', '.mp3', '.mp4', '.mpeg', '.mpg', '.emf', '.pgm', '.pbm', '.ppm']);

export function hasBinaryExtension(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot >= 0 && BINARY_EXTENSIONS.has(name.slice(dot).toLowerCase());
}

export function looksBinary(head: Buffer): boolean {
  if (head.length === 0) return false;
  const sample = head.subarray(0, BINARY_SNIFF_BYTES);
  let control = 0;
  let high = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 32 && byte !== 9 && byte !== 10 && byte !== 13 && byte !== 12 && byte !== 27 && byte !== 8) control++;
    else if (byte >= 128) high++;
  }
  if (control / sample.length > 0.3) return true;
  if (high / sample.length > 0.3 && !isValidUtf8(sample)) return true;
  return false;
}

/** True when the bytes decode as UTF-8 (a truncated final sequence is allowed). */
export function isValidUtf8(buf: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(0, Math.max(0, buf.length - 3)));
    return true;
  } catch {
    return false;
  }
}
