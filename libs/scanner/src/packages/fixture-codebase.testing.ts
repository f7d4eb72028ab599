/**
 * Test support for the package-handler specs: a CodebaseView of a fixture directory, every file
 * recognized with the given handlers (`.expected.json` goldens skipped) and readable through
 * the view, optionally under a path prefix or without some paths.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CodebaseView, type CodebaseEntry } from './assembly';
import type { DatafileHandler } from './handler';
import { recognizePackageData } from './recognize';

export interface FixtureViewOptions {
  /** A directory the fixture is placed under in the view. */
  prefix?: string;
  skip?: (path: string) => boolean;
}

export function fixtureCodebase(root: string, handlers: readonly DatafileHandler[], opts: FixtureViewOptions = {}): CodebaseView {
  const prefix = opts.prefix ?? '';
  const entries: CodebaseEntry[] = prefix ? [{ path: prefix, type: 'directory' }] : [];
  const walk = (dir: string, rel: string) => {
    for (const name of readdirSync(dir).sort()) {
      const abs = join(dir, name);
      const path = rel ? `${rel}/${name}` : name;
      if (name.endsWith('.expected.json') || opts.skip?.(path)) continue;
      if (statSync(abs).isDirectory()) {
        entries.push({ path, type: 'directory' });
        walk(abs, path);
      } else {
        const { packageData, errors } = recognizePackageData(path, readFileSync(abs), handlers);
        if (errors.length) throw new Error(errors.join('\n'));
        entries.push({ path, type: 'file', packageData });
      }
    }
  };
  walk(root, prefix);
  return new CodebaseView(entries, (path) => {
    try {
      return readFileSync(join(root, prefix ? path.slice(prefix.length + 1) : path));
    } catch {
      return null;
    }
  });
}
