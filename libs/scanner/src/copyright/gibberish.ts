import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Lines of random characters (base64, hex dumps, source-map mappings, binary strings) are no
 * candidate lines even when they happen to contain "by " or a year. ScanCode's test: the
 * average probability of each character following the one before it, in a character-pair
 * model of English text, is below a threshold. The model is trained by
 * data/generate-gibberish-model.js.
 */
interface Model {
  chars: string;
  threshold: number;
  logProb: number[][];
}

let model: { index: Int8Array; logProb: Float64Array; k: number; threshold: number } | null = null;

function load() {
  const m = JSON.parse(readFileSync(join(__dirname, 'data', 'gibberish-model.json'), 'utf8')) as Model;
  const index = new Int8Array(128).fill(-1);
  for (let i = 0; i < m.chars.length; i++) index[m.chars.charCodeAt(i)] = i;
  const k = m.chars.length;
  const logProb = new Float64Array(k * k);
  m.logProb.forEach((row, i) => row.forEach((v, j) => (logProb[i * k + j] = v)));
  return { index, logProb, k, threshold: m.threshold };
}

export function isGibberish(prepared: string): boolean {
  model ??= load();
  const { index, logProb, k, threshold } = model;
  // Copyright signs count as the word; "@" as a space (ScanCode's normalization).
  const text = prepared.toLowerCase().replace(/©|\(c\)| c\)/g, ' copyright ').replace(/@/g, ' ');
  let previous = -1;
  let sum = 0;
  let pairs = 0;
  let kept = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const at = code < 128 ? index[code] : -1;
    if (at < 0) continue;
    kept++;
    if (previous >= 0) {
      sum += logProb[previous * k + at];
      pairs++;
    }
    previous = at;
  }
  if (kept <= 3) return false;
  return Math.exp(sum / (pairs || 1)) < threshold;
}
