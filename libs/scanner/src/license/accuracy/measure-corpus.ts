import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { textLines } from '../../text';
import { detectLicenses } from '../detect-licenses';
import { expressionSymbols, parseExpression } from '../expression';
import type { LicenseScan } from '../types';

/**
 * Accuracy on ScanCode's datadriven corpus (license-dev): the share of files whose set of
 * detected licenses equals the expected set, both as ScanCode keys, expressions broken into their
 * symbols (a WITH pair into the license and the exception, as license-expression does).
 */
export interface FolderAccuracy {
  folder: string;
  files: number;
  exact: number;
  percent: number;
}

export interface CorpusAccuracy {
  folders: FolderAccuracy[];
  total: FolderAccuracy;
  failures: { file: string; expected: string[]; detected: string[] }[];
  seconds: number;
}

export function keySymbols(scancodeExpressions: string[]): Set<string> {
  const out = new Set<string>();
  for (const text of scancodeExpressions) {
    const e = parseExpression(text);
    if (!e) continue;
    for (const symbol of expressionSymbols(e)) for (const part of symbol.split(' WITH ')) out.add(part.toLowerCase());
  }
  return out;
}

export function detectedExpressions(scan: LicenseScan): string[] {
  return [...scan.license_detections.flatMap((d) => d.matches), ...scan.license_clues].map((m) => m.license_expression);
}

const UNKNOWN_FOLDER = 'unknown';

function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...testFiles(path));
    else if (!name.endsWith('.yml') && existsSync(`${path}.yml`)) out.push(path);
  }
  return out;
}

/** Per-folder grouping: `external/<name>` or the top folder itself (e.g. `unknown`). */
function folderOf(root: string, file: string): string {
  const parts = relative(root, file).split('/');
  return parts[0] === 'external' && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

export function measureCorpus(root: string): CorpusAccuracy {
  const started = Date.now();
  const byFolder = new Map<string, FolderAccuracy>();
  const failures: CorpusAccuracy['failures'] = [];
  for (const file of testFiles(root)) {
    const spec = (parseYaml(readFileSync(`${file}.yml`, 'utf8')) ?? {}) as { license_expressions?: string[] };
    const expected = keySymbols(spec.license_expressions ?? []);
    const folder = folderOf(root, file);
    // ScanCode's own tests run the files of `unknown` with unknown-license detection on.
    const scan = detectLicenses(textLines(readFileSync(file)), { path: file, unknownLicenses: folder === UNKNOWN_FOLDER });
    const detected = keySymbols(detectedExpressions(scan));
    const acc = byFolder.get(folder) ?? { folder, files: 0, exact: 0, percent: 0 };
    byFolder.set(folder, acc);
    acc.files++;
    if (expected.size === detected.size && [...expected].every((s) => detected.has(s))) acc.exact++;
    else failures.push({ file: relative(root, file), expected: [...expected].sort(), detected: [...detected].sort() });
  }
  const folders = [...byFolder.values()].sort((a, b) => a.folder.localeCompare(b.folder));
  const total: FolderAccuracy = { folder: 'TOTAL', files: 0, exact: 0, percent: 0 };
  for (const f of folders) {
    f.percent = Math.round((f.exact / f.files) * 1000) / 10;
    total.files += f.files;
    total.exact += f.exact;
  }
  total.percent = total.files ? Math.round((total.exact / total.files) * 1000) / 10 : 0;
  return { folders, total, failures, seconds: (Date.now() - started) / 1000 };
}

export function formatAccuracy(result: CorpusAccuracy): string {
  const rows = [...result.folders, result.total].map((f) => `${f.folder.padEnd(32)} ${String(f.exact).padStart(5)} / ${String(f.files).padStart(5)}  ${f.percent.toFixed(1)}%`);
  return [...rows, `(${result.seconds.toFixed(1)} s)`].join('\n');
}
