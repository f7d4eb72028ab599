import { reportInputFromArrays } from '../report/report-input';
import { resultsJsonChunks } from './results-json';
import { SCAN_NOTICE } from '../cyclonedx/scan-notice';

const project = {
  uuid: '92fe63d9-1d53-4b63-b19a-85022fb7a3f3', name: 'demo', created_date: '2026-01-16T12:40:25.319Z', notes: 'n',
  settings: { a: 1 }, extra_data: { b: 2 }, input_sources: [], runs: [{ pipeline_name: 'scan_codebase' }],
};

async function text(chunks: AsyncIterable<string>): Promise<{ text: string; count: number }> {
  let out = '';
  let count = 0;
  for await (const chunk of chunks) {
    out += chunk;
    count++;
  }
  return { text: out, count };
}

describe('resultsJsonChunks', () => {
  const resources = Array.from({ length: 50 }, (_, i) => ({ path: `dir/file-${i}.js` }));
  const input = () => reportInputFromArrays(project, {
    resources: resources as never,
    packages: [{ purl: 'pkg:npm/a@1.0.0' }] as never,
    messages: [{ uuid: 'm1', severity: 'warning', description: 'x' }] as never,
  }, '0.9.0');

  it('writes the five sections in ScanCode.io order, with the header fields in order', async () => {
    const { text: json } = await text(resultsJsonChunks(input(), { otherTools: ['pkg:generic/engine@1'] }));
    const doc = JSON.parse(json);
    expect(Object.keys(doc)).toEqual(['headers', 'packages', 'dependencies', 'files', 'relations']);
    expect(doc.headers).toEqual([{
      tool_name: 'scanpipe', tool_version: '0.9.0', other_tools: ['pkg:generic/engine@1'], notice: SCAN_NOTICE, uuid: project.uuid,
      created_date: project.created_date, notes: 'n', settings: { a: 1 }, input_sources: [], runs: [{ pipeline_name: 'scan_codebase' }],
      messages: [{ uuid: 'm1', severity: 'warning', description: 'x' }], extra_data: { b: 2 },
    }]);
    expect(doc.files).toHaveLength(50);
    expect(doc.dependencies).toEqual([]);
  });

  it('lays the document out as ScanCode.io streams it: a line per bracket, items indented by two', async () => {
    const { text: json } = await text(resultsJsonChunks(reportInputFromArrays(project, { packages: [{ purl: 'p' }] as never }), { otherTools: [] }));
    expect(json.startsWith('{\n"headers": [\n{\n  "tool_name": "scanpipe",')).toBe(true);
    expect(json).toContain('\n],\n"packages": [\n{\n  "purl": "p"\n}\n],\n"dependencies": [\n],\n');
    expect(json.endsWith('"relations": [\n]\n}')).toBe(true);
  });

  it('flushes in chunks of about the requested size', async () => {
    const { text: json, count } = await text(resultsJsonChunks(input(), { otherTools: [], chunkSize: 256 }));
    expect(count).toBeGreaterThan(5);
    expect(() => JSON.parse(json)).not.toThrow();
  });
});
