/** ScanCode.io's `safe_filename`: each run of characters outside [A-Za-z0-9.-] becomes `_`, lower-cased. */
export function safeFilename(name: string): string {
  return name.replace(/[^A-Za-z0-9.-]+/g, '_').toLowerCase();
}

/** The `%Y-%m-%d-%H-%M-%S` stamp of generated output names, in UTC. */
export function outputTimestamp(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}-${pad(date.getUTCHours())}-${pad(date.getUTCMinutes())}-${pad(date.getUTCSeconds())}`;
}

const CONTENT_TYPES: [RegExp, string][] = [
  [/\.json$/, 'application/json'],
  [/\.xlsx$/, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  [/\.zip$/, 'application/zip'],
  [/\.html?$/, 'text/html'],
  [/\.xml$/, 'application/xml'],
  [/\.ya?ml$/, 'application/yaml'],
  [/\.(txt|log)$/, 'text/plain'],
  [/\.csv$/, 'text/csv'],
];

/** The type guessed from the name, as Python's mimetypes does for the outputs ScanCode.io writes. */
export function contentTypeFor(filename: string): string {
  return CONTENT_TYPES.find(([re]) => re.test(filename))?.[1] ?? 'application/octet-stream';
}

/** `Content-Disposition` with an ASCII fallback and the RFC 6266 UTF-8 form when the name needs it. */
export function contentDisposition(kind: 'attachment' | 'inline', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return ascii === filename ? `${kind}; filename="${filename}"` : `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
