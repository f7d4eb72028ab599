import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeGuestTar } from './guest-tar';

/**
 * A stand-in for guestfish that answers the commands writeGuestTar sends: its appliance "hangs"
 * at `run` (as qemu under nested KVM does on some hosts) unless TCG is forced, and `tar-out`
 * writes a tar of FAKE_TREE.
 */
const FAKE_GUESTFISH = `#!/bin/bash
while IFS= read -r line; do
  case "$line" in
    run) [[ "$LIBGUESTFS_BACKEND_SETTINGS" == *force_tcg* ]] || exec sleep 600 ;;
    echo\\ *) echo "\${line#echo }" ;;
    list-filesystems) echo "/dev/sda: ext4" ;;
    mountpoints) echo "/dev/sda: /" ;;
    tar-out*) exec tar -cf - -C "$FAKE_TREE" . ;;
  esac
done
`;

describe('writeGuestTar', () => {
  let work: string;
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'guest-tar-spec-'));
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('gives up a KVM launch that hangs and starts the appliance again under TCG', async () => {
    const guestfish = join(work, 'guestfish');
    writeFileSync(guestfish, FAKE_GUESTFISH);
    chmodSync(guestfish, 0o755);
    const tree = join(work, 'tree');
    mkdirSync(join(tree, 'etc'), { recursive: true });
    writeFileSync(join(tree, 'etc', 'hostname'), 'guest\n');
    process.env['FAKE_TREE'] = tree;
    const destination = join(work, 'guest.tar');
    const started = Date.now();
    const guest = await writeGuestTar({
      image: join(work, 'disk.qcow2'), format: 'qcow2', tools: { guestfish, qemuImg: '/bin/true' }, searchPath: process.env['PATH'] ?? '',
      tmpDir: work, destination, maxBytes: 1 << 20, tooLarge: () => new Error('too large'), timeoutMs: 60_000, kvmLaunchTimeoutMs: 300,
    });
    delete process.env['FAKE_TREE'];
    expect(guest.mounts).toEqual([{ device: '/dev/sda', mountpoint: '/' }]);
    expect(guest.bytes).toBeGreaterThan(0);
    expect(readFileSync(destination).includes(Buffer.from('guest\n'))).toBe(true);
    // The hung launch was killed after its grace period, not waited for until the run's timeout.
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);
});
