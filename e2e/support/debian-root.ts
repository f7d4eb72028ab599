import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { listTree } from './layer-tar';

export const DEBIAN_SUITE = 'bookworm';
export const DEBIAN_MIRROR = 'http://deb.debian.org/debian';

export interface DebPackage {
  name: string;
  version: string;
  architecture: string;
  /** dpkg's abbreviated status, trimmed (`ii` when installed). */
  status: string;
}

function requireDebootstrap(): void {
  if (process.getuid?.() !== 0) throw new Error('building the Debian test image needs root (debootstrap chroots and creates device nodes)');
  try {
    execFileSync('debootstrap', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('debootstrap is not installed: scripts/test-tools.sh installs it (apt-get install debootstrap)');
  }
}

/** Mount points under `dir` (debootstrap mounts /proc and /sys in its target while it works). */
function mountsUnder(dir: string): string[] {
  return readFileSync('/proc/mounts', 'utf8').split('\n').map((l) => l.split(' ')[1]).filter((m) => m && (m === dir || m.startsWith(`${dir}/`)));
}

/** Removes a root filesystem, refusing while anything is mounted inside it. */
export function removeRoot(root: string): void {
  const mounts = mountsUnder(root);
  if (mounts.length) throw new Error(`not removing ${root}: ${mounts.join(', ')} still mounted`);
  rmSync(root, { recursive: true, force: true });
}

/** `debootstrap --variant=minbase <suite> <root> <mirror>`: a real Debian root from the archive. */
export function debootstrapMinbase(root: string): void {
  requireDebootstrap();
  try {
    execFileSync('debootstrap', ['--variant=minbase', DEBIAN_SUITE, root, DEBIAN_MIRROR], { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  } catch (e) {
    const log = join(root, 'debootstrap', 'debootstrap.log');
    const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-20).join('\n') : String((e as { stderr?: Buffer }).stderr ?? e);
    throw new Error(`debootstrap ${DEBIAN_SUITE} failed:\n${tail}`);
  }
}

/** What dpkg-query reports installed in `root`, read through `--admindir` (no chroot). */
export function dpkgQuery(root: string): DebPackage[] {
  const out = execFileSync('dpkg-query', [`--admindir=${join(root, 'var/lib/dpkg')}`, '-W', '-f', '${Package}\t${Version}\t${Architecture}\t${db:Status-Abbrev}\n'], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean).map((line) => {
    const [name, version, architecture, status] = line.split('\t');
    return { name, version, architecture, status: status.trim() };
  });
}

/**
 * What an image build leaves out of a root: device nodes (the runtime provides /dev), the
 * downloaded .debs and apt lists (`apt-get clean`, `rm -rf /var/lib/apt/lists/*`), the logs of
 * the installation and ldconfig's auxiliary cache (dated and inode-keyed: no two builds would be
 * alike), and the host's hostname and resolv.conf that debootstrap copied (the runtime mounts
 * its own).
 */
export function trimRootForImage(root: string): void {
  const emptyDir = (dir: string, keep: (name: string) => boolean = () => false) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) if (!keep(name)) rmSync(join(dir, name), { recursive: true, force: true });
  };
  if (mountsUnder(root).length) throw new Error(`${root} still has mounts: ${mountsUnder(root).join(', ')}`);
  emptyDir(join(root, 'dev'));
  emptyDir(join(root, 'var/cache/apt/archives'), (n) => n === 'partial' || n === 'lock');
  emptyDir(join(root, 'var/cache/apt'), (n) => n === 'archives');
  emptyDir(join(root, 'var/lib/apt/lists'), (n) => n === 'partial' || n === 'lock');
  for (const log of listTree(join(root, 'var/log'))) if (log.type === 'file' && log.path.endsWith('.log')) rmSync(join(root, 'var/log', log.path));
  rmSync(join(root, 'var/cache/ldconfig/aux-cache'), { force: true });
  rmSync(join(root, 'etc/hostname'), { force: true });
  rmSync(join(root, 'etc/resolv.conf'), { force: true });
}
