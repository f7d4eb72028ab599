import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanCodebase } from './scan-codebase';
import { DEFAULT_SCAN_OPTIONS } from './scan-options';
import { SerializedToolkitRecord } from '@sca/formats';
import { ToolkitFileRecord } from './toolkit-record';

let root: string;

beforeAll(async () => {
  root = join(await mkdtemp(join(tmpdir(), 'scan-limits-')), 'tree');
  await mkdir(join(root, 'src'), { recursive: true });
  await writeFile(join(root, 'LICENSE'), 'Licensed under the Apache License, Version 2.0\nCopyright (c) 2024 Jane Doe\n');
  await writeFile(join(root, 'src', 'a.js'), '// SPDX-License-Identifier: MIT\nmodule.exports = 1;\n');
});

afterAll(async () => {
  await rm(join(root, '..'), { recursive: true, force: true });
});

async function scan(overrides: Partial<typeof DEFAULT_SCAN_OPTIONS>): Promise<Record<string, ToolkitFileRecord>> {
  const out: Record<string, ToolkitFileRecord> = {};
  for await (const item of scanCodebase(root, { options: { ...DEFAULT_SCAN_OPTIONS, ...overrides }, processes: 2 })) {
    // File records come back from the workers already serialized.
    const r = item instanceof SerializedToolkitRecord ? (JSON.parse(item.json) as ToolkitFileRecord) : item;
    out[r.path as string] = r;
  }
  return out;
}

it('scans in worker threads and reports each file', async () => {
  const records = await scan({});
  expect(Object.keys(records)).toEqual(['tree', 'tree/LICENSE', 'tree/src', 'tree/src/a.js']);
  expect(records['tree/LICENSE']).toMatchObject({ detected_license_expression: 'apache-2.0', scan_errors: [] });
  expect(records['tree/src/a.js']).toMatchObject({ detected_license_expression: 'mit', scan_errors: [] });
});

it('turns a per-file timeout into a scan error and goes on with the other files', async () => {
  const records = await scan({ timeoutSeconds: 0 });
  expect(Object.keys(records)).toHaveLength(4);
  for (const path of ['tree/LICENSE', 'tree/src/a.js']) {
    expect(records[path].scan_errors).toEqual([expect.stringContaining('Processing interrupted: timeout after 0 seconds.')]);
  }
});

it('skips the content of files over the maximum size but keeps their info', async () => {
  const records = await scan({ maxFileSize: 10 });
  const license = records['tree/LICENSE'];
  expect(license.detected_license_expression).toBeNull();
  expect(license.copyrights).toEqual([]);
  expect(license.sha1).toMatch(/^[0-9a-f]{40}$/);
  expect(license.scan_errors).toEqual([expect.stringContaining('over the maximum of 10 bytes')]);
});
