import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';

/** The executables VM image extraction runs: both come with Debian's libguestfs-tools. */
export interface GuestfsTools {
  guestfish: string;
  qemuImg: string;
}

/** guestfish and qemu-img from a PATH-style search path, or null when either is missing. */
export async function findGuestfsTools(searchPath: string): Promise<GuestfsTools | null> {
  const guestfish = await findExecutable('guestfish', searchPath);
  const qemuImg = await findExecutable('qemu-img', searchPath);
  return guestfish && qemuImg ? { guestfish, qemuImg } : null;
}

async function findExecutable(name: string, searchPath: string): Promise<string | null> {
  for (const dir of searchPath.split(delimiter)) {
    if (!isAbsolute(dir)) continue;
    const candidate = join(dir, name);
    if (await isExecutable(candidate)) return candidate;
  }
  return null;
}

function isExecutable(path: string): Promise<boolean> {
  return access(path, constants.X_OK).then(
    () => true,
    () => false,
  );
}

/** Whether, in this process, an appliance failed to start and then started under TCG: from then on every launch forces TCG. */
let kvmUnusable = false;

export function markKvmUnusable(): void {
  kvmUnusable = true;
}

export function kvmKnownUnusable(): boolean {
  return kvmUnusable;
}

export interface GuestfsEnvironmentOptions {
  searchPath: string;
  /** libguestfs' temporary directory (the disk overlay): the caller's, removed with it even when guestfish is killed. */
  tmpDir: string;
  forceTcg: boolean;
}

/**
 * The environment of guestfish: the direct backend (libvirt's needs a daemon) unless the operator
 * chose one, TCG when asked, messages in English, the search path the tools were found on, and a
 * temporary directory of the caller's while the appliance cache stays where libguestfs keeps it
 * (built once, reused by every launch).
 */
export function guestfsEnvironment(base: NodeJS.ProcessEnv, options: GuestfsEnvironmentOptions): NodeJS.ProcessEnv {
  const { searchPath, tmpDir, forceTcg } = options;
  const env: NodeJS.ProcessEnv = { ...base, PATH: searchPath, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8', TMPDIR: tmpDir };
  env['LIBGUESTFS_CACHEDIR'] = base['LIBGUESTFS_CACHEDIR'] || base['TMPDIR'] || '/var/tmp';
  env['LIBGUESTFS_BACKEND'] = base['LIBGUESTFS_BACKEND'] || 'direct';
  if (forceTcg && !forcesTcg(base)) {
    env['LIBGUESTFS_BACKEND_SETTINGS'] = [base['LIBGUESTFS_BACKEND_SETTINGS'], 'force_tcg'].filter(Boolean).join(':');
  }
  return env;
}

export function forcesTcg(env: NodeJS.ProcessEnv): boolean {
  return (env['LIBGUESTFS_BACKEND_SETTINGS'] ?? '').split(':').includes('force_tcg');
}
