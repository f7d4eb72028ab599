/**
 * The container and root filesystem pipelines through the API, on ScanCode.io's own inputs:
 * uploads, the run, and what the API serves of it (records, the project's extra_data and
 * summaries, the results document, the XLSX LAYERS sheet). What the pipelines write is held to
 * ScanCode.io's goldens field by field in process (libs/pipelines/src/pipelines/analyze-images.int-spec.ts);
 * here the same records come back through the service.
 */
import ExcelJS from 'exceljs';
import { readScancodeioJson, scancodeioTestdata, type JsonObject } from '@sca/testing';
import { useTestStack } from './support/test-stack';

const s = useTestStack({ SCAN_PROCESSES: '2' });

interface Golden {
  headers: JsonObject[];
  files: { path: string; status: string; type: string }[];
  packages: { purl: string; tag: string }[];
}

async function run(pipeline: string, input: string[]) {
  const { project, run: finished } = await s.api.runUpload({ name: `${pipeline}-${Date.now()}`, pipeline, file: scancodeioTestdata(...input) });
  expect([finished.status, finished.task_output]).toEqual(['success', '']);
  return project.uuid as string;
}

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

describe('analyze_docker_image through the API on alpine_3_15_4.tar.gz', () => {
  const golden = readScancodeioJson<Golden>('docker', 'alpine_3_15_4_scan_codebase.json');
  let uuid: string;
  let results: Golden;
  beforeAll(async () => {
    uuid = await run('analyze_docker_image', ['docker', 'alpine_3_15_4.tar.gz']);
    results = (await s.api.get(`/api/projects/${uuid}/results/`)).body;
  }, 180_000);

  it('serves ScanCode.io\'s resources with their statuses, and its packages with their layer tags', () => {
    expect(results.files.map((f) => [f.path, f.type, f.status]).sort()).toEqual(golden.files.map((f) => [f.path, f.type, f.status]).sort());
    // Sorted: ScanCode.io orders by name in its database's collation (en_US: `libcrypto1.1` before `libc-utils`).
    expect(results.packages.map((p) => [p.purl, p.tag]).sort()).toEqual(golden.packages.map((p) => [p.purl, p.tag]).sort());
  });

  it('keeps the image in the project\'s extra_data, and counts the statuses', async () => {
    const detail = (await s.api.get(`/api/projects/${uuid}/`)).body;
    const [image] = detail.extra_data.images;
    expect(image).toMatchObject({ image_id: '06c7c49ea0a689415b6189e13207bbca004cc6579d0d6749d33d5d0f463936a1', distro: { identifier: 'alpine', version_id: '3.15.4' } });
    expect(detail.package_count).toBe(14);
    // The golden's statuses, and the symlinks, which the results leave out.
    expect(detail.codebase_resources_summary).toEqual({ 'ignored-not-interesting': 39, scanned: 69, symlink: 331, 'system-package': 73 });
  });

  it('serves a layer file\'s content, read from the layer in place and kept in the codebase pack', async () => {
    const path = 'alpine_3_15_4.tar.gz-extract/40e48c8ef2450e6a9e8d50b846a58ede43f1b01dd351d2bdd7dca14c5c033f20/lib/apk/db/installed';
    const res = await s.api.get(`/api/projects/${uuid}/file_content/?path=${encodeURIComponent(path)}`);
    expect(res.status).toBe(200);
    const content: string = res.body.file_content;
    expect(content.startsWith('C:Q1')).toBe(true);
    expect(content).toContain('\nP:musl\nV:1.2.2-r7\n');
  });

  it('lists the layer in the XLSX LAYERS sheet', async () => {
    const res = await fetch(`${s.api.baseUrl}/api/projects/${uuid}/results_download/?output_format=xlsx`);
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const layers = workbook.getWorksheet('LAYERS');
    expect(layers?.getRow(2).getCell(1).value).toBe('img-06c7c4-layer-01-40e48c');
    expect(layers?.rowCount).toBe(2);
  });
});

describe('analyze_root_filesystem_or_vm_image through the API on basic-rootfs.tar.gz', () => {
  it('serves the root filesystem, its system packages and the statuses', async () => {
    const golden = readScancodeioJson<Golden>('rootfs', 'basic-rootfs_root_filesystems.json');
    const uuid = await run('analyze_root_filesystem_or_vm_image', ['rootfs', 'basic-rootfs.tar.gz']);
    const detail = (await s.api.get(`/api/projects/${uuid}/`)).body;
    expect(detail.extra_data.root_filesystems).toEqual((golden.headers[0]['extra_data'] as JsonObject)['root_filesystems']);
    const packages: { purl: string }[] = (await s.api.get(`/api/projects/${uuid}/packages/`)).body;
    expect(packages.map((p) => p.purl).sort()).toEqual(golden.packages.map((p) => p.purl).sort());
    const resources: { path: string; status: string }[] = (await s.api.get(`/api/projects/${uuid}/resources/`)).body;
    // extractcode renamed `<pkg>:amd64.md5sums` in the golden's input; here the real names are kept, and the files join their packages.
    const renamed = (p: string) => p.replace(/_amd64\.md5sums$/, ':amd64.md5sums');
    const expected = golden.files.map((f) => ({ path: renamed(f.path), status: f.path.endsWith('_amd64.md5sums') ? 'system-package' : f.status }));
    expect(resources.map((r) => ({ path: r.path, status: r.status })).sort(byPath)).toEqual(expected.sort(byPath));
  }, 180_000);
});
