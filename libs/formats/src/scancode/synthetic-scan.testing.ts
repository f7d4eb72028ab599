import { Readable } from 'node:stream';

/** Test helper: a ScanCode-toolkit scan of `files` files, generated as text while it is read. */
export interface SyntheticScanOptions {
  files: number;
  /** Approximate size of one `files` entry in characters; the default gives a ~10 KB entry, as in a license-heavy scan. */
  entrySize?: number;
}

const ROOT = 'synthetic-extract';
const PACKAGE_UID = 'pkg:npm/synthetic@1.0.0?uuid=00000000-0000-4000-8000-000000000000';
const FILES_PER_CHUNK = 8;

export function syntheticToolkitScan({ files, entrySize = 10_000 }: SyntheticScanOptions): Readable {
  return Readable.from(generate(files, entrySize), { objectMode: false });
}

function* generate(files: number, entrySize: number): Generator<string> {
  const header = { tool_name: 'scancode-toolkit', tool_version: '32.3.0', options: {}, extra_data: { files_count: files } };
  yield `{"headers":[${JSON.stringify(header)}],\n"summary":{"declared_license_expression":"mit","other_holders":[{"value":null,"count":1}]},\n`;
  yield `"packages":[${JSON.stringify({ type: 'npm', name: 'synthetic', version: '1.0.0', qualifiers: {}, purl: 'pkg:npm/synthetic@1.0.0', package_uid: PACKAGE_UID, datafile_paths: [`${ROOT}/package.json`], datasource_ids: ['npm_package_json'] })}],\n`;
  yield `"dependencies":[${JSON.stringify({ purl: 'pkg:npm/left-pad@1.3.0', scope: 'dependencies', is_runtime: true, dependency_uid: 'pkg:npm/left-pad@1.3.0?uuid=1', for_package_uid: PACKAGE_UID, datafile_path: `${ROOT}/package.json`, datasource_id: 'npm_package_json' })}],\n`;
  yield `"files":[${JSON.stringify({ path: ROOT, type: 'directory', name: ROOT, files_count: files })}`;
  const padding = 'Permission is hereby granted, free of charge, to any person obtaining a copy. ';
  let chunk = '';
  for (let i = 0; i < files; i++) {
    const text = padding.repeat(Math.max(1, Math.ceil((entrySize - 1500) / padding.length)));
    chunk += `,\n${JSON.stringify(fileEntry(i, text))}`;
    if ((i + 1) % FILES_PER_CHUNK === 0) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}],\n"license_references":[{"key":"mit","text":${JSON.stringify(padding.repeat(20))}}]}\n`;
}

function fileEntry(i: number, matchedText: string): Record<string, unknown> {
  const sha1 = i.toString(16).padStart(40, '0');
  return {
    path: `${ROOT}/dir-${Math.floor(i / 1000)}/file-${i}.js`,
    type: 'file',
    name: `file-${i}.js`,
    base_name: `file-${i}`,
    extension: '.js',
    size: 1000 + i,
    date: '2024-01-01',
    sha1,
    md5: sha1.slice(0, 32),
    sha256: sha1.repeat(2).slice(0, 64),
    mime_type: 'text/plain',
    file_type: 'ASCII text',
    programming_language: 'JavaScript',
    is_text: true,
    for_packages: [PACKAGE_UID],
    detected_license_expression: 'mit',
    detected_license_expression_spdx: 'MIT',
    license_detections: [
      {
        license_expression: 'mit',
        license_expression_spdx: 'MIT',
        identifier: `mit-${sha1.slice(0, 8)}`,
        matches: [{ license_expression: 'mit', from_file: `${ROOT}/file-${i}.js`, start_line: 1, end_line: 20, score: 100.0, matched_text: matchedText }],
      },
    ],
    percentage_of_license_text: 42.5,
    copyrights: [{ copyright: `Copyright (c) ${2000 + (i % 25)} Example Author ${i}`, start_line: 1, end_line: 1 }],
    holders: [{ holder: `Example Author ${i}`, start_line: 1, end_line: 1 }],
    emails: [{ email: `author${i}@example.com`, start_line: 2, end_line: 2 }],
    urls: [{ url: `https://example.com/${i}`, start_line: 3, end_line: 3 }],
    scan_errors: i % 10_000 === 0 ? ['ERROR: for scanner: copyrights: timeout'] : [],
  };
}
