import contentDisposition from 'content-disposition';

/** Used when neither the response nor the URL offers a usable name. */
export const FALLBACK_FILENAME = 'download';

/** Most filesystems cap a name at 255 bytes. */
const MAX_NAME_BYTES = 255;

/**
 * The name a download is saved under, as ScanCode.io picks it: the Content-Disposition
 * filename (filename* preferred), else the URL-unquoted last path segment of the final
 * (post-redirect) URL, else "download". Always a safe base name inside the input dir.
 */
export function downloadFilename(disposition: string | undefined, finalUrl: string): string {
  return safeBaseName(dispositionFilename(disposition)) || safeBaseName(lastPathSegment(finalUrl)) || FALLBACK_FILENAME;
}

/**
 * Reduces a server- or user-controlled name to something that cannot leave the target
 * directory or confuse tools: last path component only, no control characters, not
 * `.`/`..`. Unicode is kept. Returns '' when nothing usable remains.
 */
export function safeBaseName(name: string): string {
  const base = (name.split(/[/\\]/).pop() ?? '')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .trim();
  if (base === '.' || base === '..') return '';
  return truncateBytes(base);
}

function dispositionFilename(header: string | undefined): string {
  if (!header) return '';
  try {
    return contentDisposition.parse(header).parameters['filename'] ?? '';
  } catch {
    // Servers send headers the strict RFC 6266 parser rejects (e.g. unquoted names with
    // spaces); take the plain filename parameter as written rather than lose the name.
    const loose = /filename\s*=\s*("([^"]*)"|[^;]*)/i.exec(header);
    return (loose?.[2] ?? loose?.[1] ?? '').trim();
  }
}

function lastPathSegment(url: string): string {
  let segment: string;
  try {
    segment = new URL(url).pathname.split('/').pop() ?? '';
  } catch {
    return '';
  }
  try {
    return decodeURIComponent(segment);
  } catch {
    // Malformed escapes: Python's unquote leaves them as written, so do we.
    return segment;
  }
}

/** Keeps the extension when it has to shorten a name, so the file type stays recognisable. */
function truncateBytes(name: string): string {
  if (Buffer.byteLength(name) <= MAX_NAME_BYTES) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  let stem = '';
  let bytes = Buffer.byteLength(ext);
  for (const char of name.slice(0, name.length - ext.length)) {
    bytes += Buffer.byteLength(char);
    if (bytes > MAX_NAME_BYTES) break;
    stem += char;
  }
  return stem + ext;
}
