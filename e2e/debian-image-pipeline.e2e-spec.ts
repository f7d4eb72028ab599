/**
 * analyze_docker_image on the image the tests build themselves (e2e/support/debian-image.ts: a
 * debootstrap minbase bookworm root, an npm application layer with whiteouts, saved as a
 * two-layer docker archive), in process with the pipeline harness: every package dpkg-query
 * lists for the root, once, with its version, in the bottom layer; the app layer's npm packages;
 * no file of a whited-out path; the markers flagged; every resource with a status.
 */
import { usePipelineHarness, type HarnessResult } from '@sca/testing';
import { debianTestImage, hidingWhiteout, type DebianTestImage } from './support/debian-image';

const harness = usePipelineHarness({ scan: { processes: 2 } });
const BUILD_TIMEOUT_MS = 20 * 60_000;

describe('analyze_docker_image on a Debian root and an npm application layer', () => {
  let image: DebianTestImage;
  let r: HarnessResult;
  let layerDirs: string[];
  beforeAll(async () => {
    image = debianTestImage();
    r = await harness().run({ pipeline: 'analyze_docker_image', inputs: [image.tarball] });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
    layerDirs = r.resources.filter((x) => x.extra_data['layer']).map((x) => x.path);
  }, BUILD_TIMEOUT_MS);

  it('finds every package dpkg-query lists, once, with its version, tagged with the bottom layer', () => {
    const debs = r.packages.filter((p) => p.type === 'deb');
    expect(debs.map((p) => `${p.name} ${p.version}`).sort()).toEqual(image.debPackages.map((p) => `${p.name} ${p.version}`).sort());
    expect(new Set(debs.map((p) => p.tag)).size).toBe(1);
    expect(debs[0].tag).toMatch(/^img-[0-9a-f]{6}-layer-01-[0-9a-f]{6}$/);
    // Most have a declared license, from their copyright files.
    expect(debs.filter((p) => p.declared_license_expression).length).toBeGreaterThan(debs.length * 0.9);
  });

  it('finds the npm packages of the application layer', () => {
    const npm = new Set(r.packages.filter((p) => p.type === 'npm').map((p) => `${p.namespace ? `${p.namespace}/` : ''}${p.name}@${p.version}`));
    for (const p of image.npmPackages) expect(npm).toContain(`${p.name}@${p.version}`);
    expect(npm).toContain(`${image.app.name}@${image.app.version}`);
  });

  it('collects no file of a whited-out path, and flags the whiteout markers', () => {
    const [bottom, top] = layerDirs;
    const inBottom = r.resources.filter((x) => x.path.startsWith(`${bottom}/`)).map((x) => x.path.slice(bottom.length + 1));
    expect(inBottom.filter((p) => hidingWhiteout(image, p))).toEqual([]);
    for (const w of image.whiteouts) for (const hidden of w.hidden) expect(inBottom).not.toContain(hidden);
    const markers = r.resources.filter((x) => x.name.startsWith('.wh.'));
    expect(markers.map((x) => x.path.slice(top.length + 1)).sort()).toEqual(image.whiteouts.map((w) => w.marker).sort());
    expect(markers.every((x) => x.status === 'ignored-whiteout')).toBe(true);
  });

  it('links the installed files to their packages and leaves every resource with a status', () => {
    const bash = r.packages.find((p) => p.name === 'bash' && p.type === 'deb');
    const binBash = r.resources.find((x) => x.path.endsWith('/usr/bin/bash') || x.path.endsWith('/bin/bash'));
    expect(binBash?.for_packages).toEqual([bash?.package_uid]);
    expect(binBash?.status).toBe('system-package');
    expect(r.resources.filter((x) => x.status === '')).toEqual([]);
    expect(r.messages.filter((m) => m.severity === 'error')).toEqual([]);
  });
});
