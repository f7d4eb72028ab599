/**
 * analyze_root_filesystem_or_vm_image on VM disk images (libguestfs, installed by
 * scripts/test-tools.sh; about 20 s per image under TCG): a qcow2 disk built in the test from
 * ScanCode.io's basic-rootfs gives the same root filesystem, distro and system packages as the
 * rootfs tarball; a broken image is one error message and the run goes on.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scancodeioTestdata, usePipelineHarness } from '@sca/testing';

const harness = usePipelineHarness();
const PIPELINE = 'analyze_root_filesystem_or_vm_image';

function basicRootfsQcow2(): string {
  const work = mkdtempSync(join(tmpdir(), 'vm-rootfs-'));
  const tree = join(work, 'tree');
  mkdirSync(tree);
  execFileSync('tar', ['-xzf', scancodeioTestdata('rootfs', 'basic-rootfs.tar.gz'), '-C', tree]);
  const raw = join(work, 'disk.raw');
  execFileSync('truncate', ['-s', '16M', raw]);
  execFileSync('mkfs.ext4', ['-q', '-F', '-d', tree, raw]);
  const qcow2 = join(work, 'basic-rootfs.qcow2');
  execFileSync('qemu-img', ['convert', '-f', 'raw', '-O', 'qcow2', raw, qcow2]);
  return qcow2;
}

describe('analyze_root_filesystem_or_vm_image on a qcow2 disk', () => {
  it('extracts the guest file system and finds its distro and system packages', async () => {
    const r = await harness().run({ pipeline: PIPELINE, inputs: [basicRootfsQcow2()] });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
    expect(r.messages).toEqual([]);
    expect(r.log).toMatch(/basic-rootfs\.qcow2: qcow2 VM image, extracted through libguestfs/);
    expect(r.extraData['root_filesystems']).toEqual([{ name: 'basic-rootfs.qcow2-extract', distro: expect.objectContaining({ identifier: 'ubuntu' }) }]);
    expect(r.packages.map((p) => p.purl).sort()).toEqual(['pkg:deb/ubuntu/libncurses5@6.1-1ubuntu1.18.04?arch=amd64', 'pkg:deb/ubuntu/libndp0@1.4-2ubuntu0.16.04.1?arch=amd64']);
    const copyright = r.resources.find((x) => x.path === 'basic-rootfs.qcow2-extract/usr/share/doc/libndp0/copyright');
    expect(copyright).toMatchObject({ status: 'system-package', for_packages: [expect.stringMatching(/^pkg:deb\/ubuntu\/libndp0@/)] });
  }, 240_000);

  it('reports a disk image that cannot be read as one error message, and goes on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vm-broken-'));
    const broken = join(dir, 'broken.qcow2');
    // A qcow2 header (magic, version 3) over garbage: qemu-img cannot open it.
    writeFileSync(broken, Buffer.concat([Buffer.from([0x51, 0x46, 0x49, 0xfb, 0, 0, 0, 3]), Buffer.alloc(4096, 0xff)]));
    const r = await harness().run({ pipeline: PIPELINE, inputs: [broken] });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
    expect(r.messages.map((m) => [m.severity, m.model])).toEqual([['error', 'extract_archive']]);
    expect(r.messages[0].description).toMatch(/^VM image broken\.qcow2 \(qcow2\) cannot be extracted: /);
  }, 120_000);
});
