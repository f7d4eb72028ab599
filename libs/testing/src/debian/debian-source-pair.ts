import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A Debian package's binary .deb and the upstream source tarball it was built from. */
export interface DebianSourcePair {
  deb: string;
  orig: string;
}

const CACHE = join('/tmp', 'scanworks-debian-source-pairs-v1');

/** apt-get with its own source list and package lists, so that deb-src never touches the machine's configuration. */
function apt(dir: string, args: string[], cwd: string): void {
  const options = [
    '-o', `Dir::Etc::SourceList=${join(dir, 'sources.list')}`, '-o', 'Dir::Etc::SourceParts=/dev/null',
    '-o', `Dir::State::Lists=${join(dir, 'lists')}`, '-o', 'APT::Sandbox::User=root', '-qq',
  ];
  execFileSync('apt-get', [...options, ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'], timeout: 300_000 });
}

/**
 * Downloads (once, cached under /tmp) the .deb of `binaryPackage` and the `.orig.tar.*` of its
 * source package from Debian bookworm, with apt-get and a private deb-src list.
 */
export function debianSourcePair(binaryPackage: string): DebianSourcePair {
  const dir = join(CACHE, binaryPackage);
  const done = join(dir, 'done');
  if (!existsSync(done)) {
    rmSync(dir, { recursive: true, force: true });
    const work = `${dir}.partial`;
    rmSync(work, { recursive: true, force: true });
    for (const sub of ['lists/partial', 'deb', 'src']) mkdirSync(join(work, sub), { recursive: true });
    writeFileSync(join(work, 'sources.list'), 'deb http://deb.debian.org/debian bookworm main\ndeb-src http://deb.debian.org/debian bookworm main\n');
    apt(work, ['update'], work);
    apt(work, ['download', binaryPackage], join(work, 'deb'));
    apt(work, ['source', '--download-only', binaryPackage], join(work, 'src'));
    renameSync(work, dir);
    writeFileSync(done, '');
  }
  const deb = readdirSync(join(dir, 'deb')).find((f) => f.endsWith('.deb'));
  const orig = readdirSync(join(dir, 'src')).find((f) => /\.orig\.tar\.[a-z0-9]+$/.test(f));
  if (!deb || !orig) throw new Error(`${binaryPackage}: no .deb or no .orig tarball in ${dir}`);
  return { deb: join(dir, 'deb', deb), orig: join(dir, 'src', orig) };
}
