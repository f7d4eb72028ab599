/** extractVmImage's refusals that need no libguestfs; the extraction itself is in extract-vm-image.int-spec.ts. */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractVmImage } from './extract-vm-image';
import { guestfishMessage } from './guestfish-session';
import { guestfsEnvironment } from './guestfs-tools';
import { VmImageError } from './vm-image-error';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vm-image-spec-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('extractVmImage without libguestfs', () => {
  it('says what to install when guestfish and qemu-img are not on the search path', async () => {
    const image = join(dir, 'disk.qcow2');
    await writeFile(image, Buffer.concat([Buffer.from('QFI\xfb', 'latin1'), Buffer.alloc(508)]));
    const noTools = join(dir, 'bin');
    const target = join(dir, 'out');

    const extraction = extractVmImage(image, target, { searchPath: noTools });

    await expect(extraction).rejects.toThrow(new VmImageError(image, 'qcow2', 'libguestfs tools are not installed (Debian package libguestfs-tools).'));
    await expect(extraction).rejects.toThrow('VM image disk.qcow2 (qcow2) cannot be extracted: libguestfs tools are not installed (Debian package libguestfs-tools).');
    expect(await readdir(dir)).toEqual(['disk.qcow2']);
  });

  it('refuses a file that is not a VM disk image before looking for the tools', async () => {
    const file = join(dir, 'notes.img');
    await writeFile(file, 'just text\n');
    await expect(extractVmImage(file, join(dir, 'out'), { searchPath: '' })).rejects.toThrow(
      'VM image notes.img cannot be extracted: it is not a VM disk image (qcow2, vmdk, vdi, vhd, or a raw partitioned disk or ext2/3/4 file system).',
    );
  });

  it('honours an aborted signal before any work', async () => {
    const controller = new AbortController();
    controller.abort(new Error('run stopped'));
    await expect(extractVmImage(join(dir, 'missing.qcow2'), join(dir, 'out'), { signal: controller.signal })).rejects.toThrow('run stopped');
  });
});

describe('guestfishMessage', () => {
  it("keeps libguestfs' error lines without their prefixes and drops its debugging advice", () => {
    const stderr = [
      'libguestfs: error: appliance closed the connection unexpectedly.',
      'This usually means the libguestfs appliance crashed.',
      'Do:',
      '  export LIBGUESTFS_DEBUG=1 LIBGUESTFS_TRACE=1',
      'libguestfs: error: /usr/bin/qemu-system-x86_64 killed by signal 6 (Aborted).',
      '*stdin*:2: libguestfs: error: guestfs_launch failed.',
      '*stdin*:2: libguestfs: error: guestfs_launch failed.',
    ].join('\n');
    expect(guestfishMessage(stderr)).toBe('appliance closed the connection unexpectedly; /usr/bin/qemu-system-x86_64 killed by signal 6 (Aborted); guestfs_launch failed');
  });

  it('keeps every line when none is a libguestfs error', () => {
    expect(guestfishMessage('guestfish: unknown option\n\nusage: guestfish\n')).toBe('guestfish: unknown option; usage: guestfish');
  });
});

describe('guestfsEnvironment', () => {
  const options = { searchPath: '/usr/bin', tmpDir: '/work/tmp', forceTcg: false };

  it('uses the direct backend unless the operator chose one, and adds force_tcg to existing settings when asked', () => {
    expect(guestfsEnvironment({ HOME: '/root' }, options)).toMatchObject({ HOME: '/root', PATH: '/usr/bin', LIBGUESTFS_BACKEND: 'direct', LC_ALL: 'C.UTF-8' });
    expect(guestfsEnvironment({ LIBGUESTFS_BACKEND: 'libvirt' }, options)['LIBGUESTFS_BACKEND']).toBe('libvirt');
    expect(guestfsEnvironment({}, options)['LIBGUESTFS_BACKEND_SETTINGS']).toBeUndefined();
    expect(guestfsEnvironment({ LIBGUESTFS_BACKEND_SETTINGS: 'gdb' }, { ...options, forceTcg: true })['LIBGUESTFS_BACKEND_SETTINGS']).toBe('gdb:force_tcg');
    expect(guestfsEnvironment({ LIBGUESTFS_BACKEND_SETTINGS: 'force_tcg' }, { ...options, forceTcg: true })['LIBGUESTFS_BACKEND_SETTINGS']).toBe('force_tcg');
  });

  it("puts libguestfs' temporary files in the caller's directory and keeps the appliance cache where libguestfs would", () => {
    expect(guestfsEnvironment({}, options)).toMatchObject({ TMPDIR: '/work/tmp', LIBGUESTFS_CACHEDIR: '/var/tmp' });
    expect(guestfsEnvironment({ TMPDIR: '/scratch' }, options)).toMatchObject({ TMPDIR: '/work/tmp', LIBGUESTFS_CACHEDIR: '/scratch' });
    expect(guestfsEnvironment({ LIBGUESTFS_CACHEDIR: '/cache', TMPDIR: '/scratch' }, options)['LIBGUESTFS_CACHEDIR']).toBe('/cache');
  });
});
