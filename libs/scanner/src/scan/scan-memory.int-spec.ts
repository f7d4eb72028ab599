import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SerializedToolkitRecord } from '@sca/formats';
import { FileScanTask } from './file-scan';
import { scanCodebase } from './scan-codebase';
import { DEFAULT_SCAN_OPTIONS } from './scan-options';
import { BATCH_FILES, ScanPool } from './scan-pool';
import { ToolkitFileRecord } from './toolkit-record';

/**
 * A heap limit small for a scan worker, yet above what the license index and small files need
 * (they scan under 96 MB).
 */
const LIMIT_MB = 128;
/**
 * A NOTICE-style file of copyright lines, each with a URL and an email: the copyright detector
 * keeps every statement, holder and candidate line, about 25 bytes of heap per byte of file, so
 * these 6 MB need some 150 MB of heap, over LIMIT_MB (and well under the maximum file size). The
 * license engine holds a match per line too (a LicenseDB rule reads "licensed MIT"); near the
 * limit V8 collects garbage for long before it gives up, so a larger file only makes this slower.
 * The shape matters: this growth is many small objects, which V8 reports as the worker's out of
 * memory. Giant arrays (millions of one-character lines) can instead abort the whole process at
 * so small a limit (nodejs/node#47224), which no pool can survive.
 */
const NOTICE_BYTES = 6 * 1024 * 1024;
const NOTICE_LINE = 'Copyright 2020 Foo Inc. http://x.org/ a@b.org licensed MIT\n';
const OUT_OF_MEMORY = `ERROR: for scanner: all:\nERROR: Processing interrupted: out of memory (scan worker heap limit: ${LIMIT_MB} MB).`;

// A worker near its heap limit collects garbage for a long while before V8 gives up: each
// out-of-memory death here takes seconds to tens of seconds, and on a slow machine under the whole
// suite's load it took more than the default 120 s per-file timeout, which then ended the scan
// first (a timeout error, not the out of memory this tests). The scans here get a timeout far above
// that, and each test room for two deaths at it.
const OPTIONS = { ...DEFAULT_SCAN_OPTIONS, timeoutSeconds: 900 };
jest.setTimeout(2 * OPTIONS.timeoutSeconds * 1000 + 120_000);

let root: string;
const licenses: Record<string, string> = {};

beforeAll(async () => {
  root = join(await mkdtemp(join(tmpdir(), 'scan-memory-')), 'tree');
  await mkdir(root, { recursive: true });
  await writeFile(join(root, 'NOTICE.txt'), NOTICE_LINE.repeat(Math.ceil(NOTICE_BYTES / NOTICE_LINE.length)));
  // The neighbours: small files with a license each, scanned normally once the NOTICE is out of the way.
  const keys = ['MIT', 'Apache-2.0', 'BSD-3-Clause', 'ISC', 'GPL-2.0-only', 'MPL-2.0', 'LGPL-2.1-only', 'BSD-2-Clause', 'Zlib', '0BSD'];
  for (const [i, spdx] of keys.entries()) {
    const name = `mod-${i}.js`;
    await writeFile(join(root, name), `// SPDX-License-Identifier: ${spdx}\n// Copyright (c) 2024 Jane Doe <jane@example.org>\nmodule.exports = ${i};\n`);
    licenses[name] = spdx;
  }
});

afterAll(async () => {
  await rm(join(root, '..'), { recursive: true, force: true });
});

function task(name: string): FileScanTask {
  return { absPath: join(root, name), path: `tree/${name}`, type: 'file', options: OPTIONS };
}

it('gives the file that exhausts a worker heap the out-of-memory error; its batch neighbours and later files are scanned', async () => {
  // One worker: the batch's worker dies, then the replacement dies again on the file alone, and yet the pool goes on.
  const pool = new ScanPool({ processes: 1, workerMemoryMb: LIMIT_MB });
  try {
    const neighbours = Object.keys(licenses).slice(0, BATCH_FILES - 1);
    // Queued in the same turn of the event loop: one batch of BATCH_FILES files, the NOTICE in the middle.
    const batch = [...neighbours.slice(0, 3), 'NOTICE.txt', ...neighbours.slice(3)];
    expect(batch).toHaveLength(BATCH_FILES);
    const outputs = await Promise.all(batch.map((name) => pool.scan(task(name))));
    const byName = Object.fromEntries(batch.map((name, i) => [name, outputs[i]]));

    expect(byName['NOTICE.txt']).toMatchObject({ info: null, license: null, scan_errors: [OUT_OF_MEMORY] });
    for (const name of neighbours) {
      expect(byName[name].scan_errors).toEqual([]);
      expect(byName[name].license?.detected_license_expression_spdx).toBe(licenses[name]);
      expect(byName[name].copyright?.holders.map((h) => h.holder)).toEqual(['Jane Doe']);
    }

    // The pool replaced its worker: later files scan normally.
    const later = Object.keys(licenses).slice(BATCH_FILES - 1);
    for (const name of later) {
      const out = await pool.scan(task(name));
      expect(out.scan_errors).toEqual([]);
      expect(out.license?.detected_license_expression_spdx).toBe(licenses[name]);
    }
  } finally {
    await pool.close();
  }
});

it('turns the out-of-memory file into a record with the scan error in a codebase scan, and scans the rest', async () => {
  const records: Record<string, ToolkitFileRecord> = {};
  for await (const item of scanCodebase(root, { options: OPTIONS, processes: 2, workerMemoryMb: LIMIT_MB })) {
    const r = item instanceof SerializedToolkitRecord ? (JSON.parse(item.json) as ToolkitFileRecord) : item;
    records[r.path as string] = r;
  }
  expect(Object.keys(records)).toHaveLength(1 + 1 + Object.keys(licenses).length);
  expect(records['tree/NOTICE.txt']).toMatchObject({ scan_errors: [OUT_OF_MEMORY], detected_license_expression: null });
  for (const [name, spdx] of Object.entries(licenses)) {
    expect(records[`tree/${name}`]).toMatchObject({ scan_errors: [], detected_license_expression_spdx: spdx });
  }
});
