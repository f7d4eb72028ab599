import { parsePairs, planForFileSystems, planForOsRoot } from './mount-plan';

describe('planForOsRoot', () => {
  it('mounts the root first and then its fstab file systems, parents before children; only the root is required', () => {
    const plan = planForOsRoot('/dev/sda2', [
      ['/boot/efi', '/dev/sda1'],
      ['/', '/dev/sda2'],
      ['/home', '/dev/vg0/home'],
      ['/boot', '/dev/sda3'],
    ]);
    expect(plan).toEqual({
      mountpoints: [],
      mounts: [
        { device: '/dev/sda2', mountpoint: '/', required: true },
        { device: '/dev/sda3', mountpoint: '/boot', required: false },
        { device: '/dev/vg0/home', mountpoint: '/home', required: false },
        { device: '/dev/sda1', mountpoint: '/boot/efi', required: false },
      ],
      warnings: [],
    });
  });

  it('mounts the root device at / when inspection lists no mountpoints', () => {
    expect(planForOsRoot('/dev/sda1', []).mounts).toEqual([{ device: '/dev/sda1', mountpoint: '/', required: true }]);
  });

  it('leaves out guest mountpoints and devices that are not plain paths: they would reach a guestfish command line', () => {
    const plan = planForOsRoot('/dev/sda1', [
      ['/', '/dev/sda1'],
      ['/data ; !touch /tmp/owned', '/dev/sda2'],
      ['/srv/../../etc', '/dev/sda3'],
      ['/opt', '/dev/sda4 !id'],
    ]);
    expect(plan.mounts).toEqual([{ device: '/dev/sda1', mountpoint: '/', required: true }]);
    expect(plan.warnings).toEqual([
      'file system "/dev/sda2" at "/data ; !touch /tmp/owned" not mounted: not a plain device and path',
      'file system "/dev/sda3" at "/srv/../../etc" not mounted: not a plain device and path',
      'file system "/dev/sda4 !id" at "/opt" not mounted: not a plain device and path',
    ]);
  });

  it('refuses an OS root that is not a device', () => {
    expect(() => planForOsRoot('/dev/sda1; !id', [])).toThrow('inspection gave an OS root that is not a device');
  });
});

describe('planForFileSystems', () => {
  it('mounts a lone file system at the root of the tree, as required', () => {
    expect(planForFileSystems([['/dev/sda', 'ext4']])).toEqual({ mountpoints: [], mounts: [{ device: '/dev/sda', mountpoint: '/', required: true }], warnings: [] });
  });

  it('puts several side by side in directories named after their devices, and skips swap and unknown partitions', () => {
    const plan = planForFileSystems([
      ['/dev/sda1', 'vfat'],
      ['/dev/sda2', 'swap'],
      ['/dev/sda3', 'unknown'],
      ['/dev/vg0/data', 'xfs'],
    ]);
    expect(plan).toEqual({
      mountpoints: ['/sda1', '/vg0-data'],
      mounts: [
        { device: '/dev/sda1', mountpoint: '/sda1', required: false },
        { device: '/dev/vg0/data', mountpoint: '/vg0-data', required: false },
      ],
      warnings: [],
    });
  });

  it('gives no mounts when the disk has no file system', () => {
    expect(planForFileSystems([['/dev/sda1', 'swap']]).mounts).toEqual([]);
  });
});

describe('parsePairs', () => {
  it("reads guestfish's `key: value` lines and ignores others", () => {
    expect(parsePairs(['/dev/sda1: ext4', '', 'noise', '/: /dev/sda2'])).toEqual([
      ['/dev/sda1', 'ext4'],
      ['/', '/dev/sda2'],
    ]);
  });
});
