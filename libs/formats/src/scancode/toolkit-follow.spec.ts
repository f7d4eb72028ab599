import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import { completeRecords, readBackWanted, type ReferenceFollower } from './toolkit-follow';

const record = (path: string, extra: Record<string, unknown> = {}) => JSON.stringify({ path, type: 'file', for_packages: [], detected_license_expression: null, license_detections: [], ...extra });

describe('the temporary files list, read back and completed', () => {
  let dir: string;
  let list: string;
  const huge = 'x'.repeat(3 * 1024 * 1024);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'toolkit-follow-'));
    list = join(dir, 'files.json');
    // Records separated by ",\n" as the writer writes them; a huge one between the wanted ones.
    await writeFile(list, [record('p/LICENSE', { license_detections: [{ identifier: 'mit-1' }] }), record('p/big.js', { blob: huge }), record('p/a.js'), record('p/docs')].join(',\n'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('gives the follower the records it asks for, and no others', async () => {
    const provided: [string, unknown[]][] = [];
    const follower: ReferenceFollower = { note: () => false, wanted: () => new Set(['p/LICENSE', 'p/docs', 'p/missing']), provide: (p, d) => provided.push([p, d]), follow: () => new Map() };
    await readBackWanted(list, follower);
    expect(provided).toEqual([['p/LICENSE', [{ identifier: 'mit-1' }]], ['p/docs', []]]);
  });

  it('rewrites the followed records and fills for_packages, leaving every other line as it was', async () => {
    const out = join(dir, 'out.json');
    const followed = new Map([['p/a.js', { detected_license_expression: 'mit', detected_license_expression_spdx: 'MIT', license_detections: [{ identifier: 'mit-2' }] }]]);
    await pipeline(createReadStream(list), completeRecords(new Map([['p/big.js', ['pkg:npm/a@1?uuid=1']]]), followed), createWriteStream(out));
    const lines = (await readFile(out, 'utf8')).split(',\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.path)).toEqual(['p/LICENSE', 'p/big.js', 'p/a.js', 'p/docs']);
    expect(lines[1].for_packages).toEqual(['pkg:npm/a@1?uuid=1']);
    expect(lines[1].blob).toHaveLength(huge.length);
    expect(Object.keys(lines[2])).toEqual(['path', 'type', 'for_packages', 'detected_license_expression', 'license_detections', 'detected_license_expression_spdx']);
    expect(lines[2]).toMatchObject({ detected_license_expression: 'mit', license_detections: [{ identifier: 'mit-2' }] });
    expect(lines[3]).toEqual(JSON.parse(record('p/docs')));
  });
});
