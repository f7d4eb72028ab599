/**
 * Test support: a CodebaseView of a directory on disk (or of in-memory files), with the package
 * data of every file recognized by the given handlers. Used by the assembly specs.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CodebaseView, type CodebaseEntry } from '../assembly';
import type { DatafileHandler } from '../handler';
import { recognizePackageData } from '../recognize';

export function viewOfFiles(files: Record<string, string | Buffer>, handlers: readonly DatafileHandler[]): { view: CodebaseView; errors: string[] } {
  const entries = new Map<string, CodebaseEntry>();
  const errors: string[] = [];
  for (const [path, content] of Object.entries(files)) {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      if (!entries.has(dir)) entries.set(dir, { path: dir, type: 'directory' });
    }
    const result = recognizePackageData(path, Buffer.isBuffer(content) ? content : Buffer.from(content), handlers);
    errors.push(...result.errors);
    entries.set(path, { path, type: 'file', packageData: result.packageData });
  }
  return { view: new CodebaseView(entries.values()), errors };
}

/** Every file under `root` (paths prefixed with `prefix`), content read eagerly. */
export function filesOfDirectory(root: string, prefix: string): Record<string, Buffer> {
  const out: Record<string, Buffer> = {};
  const walk = (dir: string, rel: string): void => {
    for (const name of readdirSync(dir)) {
      const abs = join(dir, name);
      const st = statSync(abs);
      if (st.isDirectory()) walk(abs, `${rel}/${name}`);
      else if (st.isFile()) out[`${rel}/${name}`] = readFileSync(abs);
    }
  };
  walk(root, prefix);
  return out;
}
