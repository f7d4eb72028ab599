import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stream } from 'exceljs';
import type { ReportInput } from '../report/report-input';
import { reportInputFromArrays } from '../report/report-input';
import { makeProject, makeResource } from './report-fixture.testing';
import { writeResultsXlsx } from './results-xlsx';

const RESOURCE_COUNT = 20_000;

/** A ReportInput whose resources are generated on the fly (nothing held in memory). */
function generatedInput(sample: () => void): ReportInput {
  const base = reportInputFromArrays(makeProject(), {});
  return {
    ...base,
    async *resources() {
      for (let index = 0; index < RESOURCE_COUNT; index++) {
        if (index % 500 === 0) sample();
        yield makeResource({
          path: `root/dir${index % 100}/file${index}.js`, name: `file${index}.js`, size: index + 1, is_text: true,
          sha1: index.toString(16).padStart(40, '0'), sha256: index.toString(16).padStart(64, 'f'),
          copyrights: [{ copyright: `Copyright (c) ${index} Example Corp.`, start_line: 1, end_line: 1 }],
          detected_license_expression: 'mit', detected_license_expression_spdx: 'MIT', programming_language: 'JavaScript',
          status: index % 50 === 0 ? 'requires-review' : 'scanned',
        });
      }
    },
  };
}

describe('writeResultsXlsx memory', () => {
  let dir: string;
  beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'xlsx-mem-')); });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`writes ${RESOURCE_COUNT} resources with a flat heap`, async () => {
    // Warm up exceljs and its zip machinery so their one-time allocations are not counted.
    const warmup = new stream.xlsx.WorkbookWriter({ filename: join(dir, 'warmup.xlsx'), useStyles: true });
    warmup.addWorksheet('A').addRow(['x']).commit();
    await warmup.commit();

    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    // Sampled from inside the record generator, so it sees the heap while rows are produced.
    const sample = () => { peak = Math.max(peak, process.memoryUsage().heapUsed); };
    const file = join(dir, 'large.xlsx');
    await writeResultsXlsx(generatedInput(sample), file, { policiesEnabled: false });
    sample();
    const deltaMb = (peak - baseline) / 1024 / 1024;
    expect(statSync(file).size).toBeGreaterThan(100_000);
    expect(deltaMb).toBeLessThan(60);
  });
});
