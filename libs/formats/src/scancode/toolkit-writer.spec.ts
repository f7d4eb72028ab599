import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SerializedToolkitRecord, writeToolkitJson } from './toolkit-writer';

async function* records() {
  yield { path: 'codebase', type: 'directory', scan_errors: [] };
  yield SerializedToolkitRecord.of({ path: 'codebase/a "type":"file" dir', type: 'directory', scan_errors: [] });
  yield SerializedToolkitRecord.of({ path: 'codebase/a "type":"file" dir/x.js', type: 'file', scan_errors: [] });
  yield { path: 'codebase/y.js', type: 'file', scan_errors: ['ERROR'] };
}

describe('writeToolkitJson', () => {
  it('counts files, not directories, in the header\'s files_count (as ScanCode does) and every record in its result', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'toolkit-writer-')), 'scan.json');
    const result = await writeToolkitJson(out, records(), { toolVersion: '0.0.0', options: {}, startedAt: new Date() });
    expect(result).toEqual({ files: 4, errors: 1 });
    const doc = JSON.parse(readFileSync(out, 'utf8')) as { headers: { extra_data: Record<string, unknown> }[]; files: unknown[] };
    expect(doc.headers[0].extra_data).toEqual({ files_count: 2 });
    expect(doc.files).toHaveLength(4);
  });
});
