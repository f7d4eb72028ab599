/**
 * Test support for the maven, gradle, nuget and golang specs: a CodebaseView of a fixture
 * directory (each file recognized with the given handlers; `.expected.json` files skipped) and a
 * compact summary of an assembly.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { assemblePackages, CodebaseView, type AssemblyContext, type CodebaseEntry } from '../assembly';
import type { DatafileHandler } from '../handler';
import { recognizePackageData } from '../recognize';

export function fixtureView(root: string, handlers: readonly DatafileHandler[], prefix = ''): CodebaseView {
  const entries: CodebaseEntry[] = prefix ? [{ path: prefix, type: 'directory' }] : [];
  const walk = (dir: string, rel: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (name.endsWith('.expected.json')) continue;
      const abs = join(dir, name);
      const path = rel ? `${rel}/${name}` : name;
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
  return new CodebaseView(entries);
}

export function assembleFixture(root: string, handlers: readonly DatafileHandler[], prefix = ''): AssemblyContext {
  let n = 0;
  return assemblePackages(fixtureView(root, handlers, prefix), new Map(handlers.map((h) => [h.datasourceId, h])), () => `uid-${++n}`);
}

export function assemblySummary(ctx: AssemblyContext): unknown {
  const uidToPurl = new Map(ctx.packages.map((p) => [p.package_uid, p.purl]));
  return {
    packages: ctx.packages.map((p) => ({
      purl: p.purl,
      datafile_paths: p.datafile_paths,
      datasource_ids: p.datasource_ids,
      files: [...ctx.links].filter(([, uids]) => uids.includes(p.package_uid)).map(([path]) => path).sort(),
    })),
    dependencies: ctx.dependencies.map((d) => [d.purl, d.extracted_requirement, d.scope, d.for_package_uid ? uidToPurl.get(d.for_package_uid) : null, d.datafile_path]),
    messages: ctx.messages,
  };
}
