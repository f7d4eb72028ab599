import { GuestfishFailed, GuestfishSession, guestfishMessage } from './guestfish-session';
import { forcesTcg, guestfsEnvironment, kvmKnownUnusable, markKvmUnusable, type GuestfsTools } from './guestfs-tools';
import { parsePairs, planForFileSystems, planForOsRoot, type Mount, type MountPlan } from './mount-plan';

export interface GuestTarRequest {
  /** Absolute path of the image. */
  image: string;
  /** qemu's format name, given to guestfish so that it never probes. */
  format: string;
  tools: GuestfsTools;
  searchPath: string;
  /** A directory of the caller's for libguestfs' temporary files. */
  tmpDir: string;
  destination: string;
  maxBytes: number;
  tooLarge: () => Error;
  timeoutMs: number;
  signal?: AbortSignal;
  /** How long an appliance may take to start under KVM before TCG is tried instead (KVM_LAUNCH_TIMEOUT_MS). */
  kvmLaunchTimeoutMs?: number;
}

/**
 * An appliance starts in seconds under KVM. One that has not started after this long hangs: on
 * some hosts with nested KVM, qemu stops right after the BIOS and never fails. So it counts as
 * a failed launch, and the launch is retried under TCG (about 20 s there).
 */
export const KVM_LAUNCH_TIMEOUT_MS = 60_000;

export interface GuestTar {
  bytes: number;
  /** The OS root inspection chose, or null when the disk's file systems were taken as they are. */
  osRoot: string | null;
  mounts: { device: string; mountpoint: string }[];
  warnings: string[];
}

/**
 * Writes the guest's file tree as one tar: the appliance starts once, inspection finds the OS root
 * and mounts its file systems where its fstab says (read-only), or, with no OS, the disk's file
 * systems are mounted as they are. A launch that fails is retried once under TCG: /dev/kvm can
 * exist and still abort qemu (nested virtualisation refusing some CPU registers), and libguestfs
 * only falls back to TCG by itself when /dev/kvm is missing.
 */
export async function writeGuestTar(request: GuestTarRequest): Promise<GuestTar> {
  const tcgAlready = kvmKnownUnusable() || forcesTcg(process.env);
  try {
    return await attempt(request, tcgAlready);
  } catch (error) {
    const launchFailed = error instanceof GuestfishFailed && error.command === 'run';
    if (!launchFailed || tcgAlready) throw error;
    return attempt(request, true);
  }
}

async function attempt(request: GuestTarRequest, forceTcg: boolean): Promise<GuestTar> {
  const session = new GuestfishSession({
    guestfish: request.tools.guestfish,
    args: ['--ro', `--format=${request.format}`, '-a', request.image],
    env: guestfsEnvironment(process.env, { searchPath: request.searchPath, tmpDir: request.tmpDir, forceTcg }),
    timeoutMs: request.timeoutMs,
    signal: request.signal,
  });
  try {
    await launch(session, forceTcg ? null : request.kvmLaunchTimeoutMs ?? KVM_LAUNCH_TIMEOUT_MS);
    if (forceTcg) markKvmUnusable();
    const roots = await session.command('inspect-os');
    const plan = roots.length ? await osRootPlan(session, roots) : planForFileSystems(parsePairs(await session.command('list-filesystems')));
    if (!plan.mounts.length) throw new Error('no file system found on the disk');
    const mounted = await mountAll(session, plan);
    const bytes = await session.tarOut(request.destination, request.maxBytes, request.tooLarge);
    const mounts = mounted.map(({ device, mountpoint }) => ({ device, mountpoint }));
    return { bytes, osRoot: roots[0] ?? null, mounts, warnings: [...plan.warnings, ...unmounted(plan.mounts, mounted)] };
  } finally {
    await session.close();
  }
}

/** Starts the appliance; with `withinMs`, a launch that takes longer fails as guestfish's own failures do. */
async function launch(session: GuestfishSession, withinMs: number | null): Promise<void> {
  const running = session.command('run');
  if (withinMs === null) {
    await running;
    return;
  }
  running.catch(() => undefined); // settled by the session's close when the launch is given up
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GuestfishFailed('run', session.stderrText, `the appliance did not start within ${Math.round(withinMs / 1000)} s under KVM`)), withinMs);
  });
  try {
    await Promise.race([running, hung]);
  } finally {
    clearTimeout(timer);
  }
}

async function osRootPlan(session: GuestfishSession, roots: string[]): Promise<MountPlan> {
  const [root, ...others] = roots;
  const plan = planForOsRoot(root, parsePairs(await session.command(`inspect-get-mountpoints ${root}`)));
  if (others.length) plan.warnings.push(`several operating systems found; extracted the one on ${root}, not ${others.join(', ')}`);
  return plan;
}

/** Mounts read-only in plan order; an optional mount may fail (`-` keeps guestfish going), and the mount table tells which did. */
async function mountAll(session: GuestfishSession, plan: MountPlan): Promise<Mount[]> {
  for (const mountpoint of plan.mountpoints) await session.command(`mkmountpoint ${mountpoint}`);
  for (const mount of plan.mounts) await session.command(`${mount.required ? '' : '-'}mount-ro ${mount.device} ${mount.mountpoint}`);
  // The table names devices as the kernel does (/dev/mapper/vg-lv where inspection said /dev/vg/lv): match by mountpoint.
  const active = new Set(parsePairs(await session.command('mountpoints')).map(([, mountpoint]) => mountpoint));
  const mounted = plan.mounts.filter((mount) => active.has(mount.mountpoint));
  if (!mounted.length) throw new Error(`none of the file systems could be mounted (libguestfs: ${guestfishMessage(session.stderrText)})`);
  return mounted;
}

function unmounted(planned: Mount[], mounted: Mount[]): string[] {
  return planned.filter((mount) => !mounted.includes(mount)).map((mount) => `file system ${mount.device} could not be mounted at ${mount.mountpoint}; its files are not extracted`);
}
