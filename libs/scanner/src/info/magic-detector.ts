import { WASMagic, WASMagicFlags } from 'wasmagic';

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

/**
 * Describe the first bytes of a file. An empty file gets the values libmagic gives for an empty
 * path (inode/x-empty), which is what ScanCode reports, rather than the buffer variant.
 */
export async function detectMagic(head: Uint8Array): Promise<MagicResult> {
  if (head.length === 0) return { file_type: 'empty', mime_type: 'inode/x-empty' };
  const { description, mime } = await loadDetectors();
  const sample = head.length > MAGIC_HEAD_BYTES ? head.subarray(0, MAGIC_HEAD_BYTES) : head;
  return { file_type: normalize(description.detect(sample)), mime_type: normalize(mime.detect(sample)) };
}

/** ScanCode keeps only ASCII and collapses whitespace in libmagic output. */
function normalize(value: string): string {
  return value.replace(/[^\x00-\x7f]/g, '').trim().split(/\s+/).join(' ');
}
