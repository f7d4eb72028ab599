/**
 * The purl namespace of an installed Debian-family package, guessed as ScanCode does from the
 * package itself rather than from the rootfs: Ubuntu builds carry `ubuntu` in their version or an
 * Ubuntu maintainer, Debian builds `+debNuM`/`~debN` or a debian.org maintainer. An Ubuntu
 * package database in an image whose os-release says Debian stays `ubuntu` (ScanCode.io's
 * debian fixture).
 */
import type { PackageData } from '../package-data';

export type DebianNamespace = 'debian' | 'ubuntu';

const UBUNTU_MAINTAINER = /lists\.ubuntu\.com|@ubuntu\.com|@canonical\.com/i;
const DEBIAN_MAINTAINER = /@debian\.org|lists\.debian\.org|alioth/i;

export function namespaceClue(pd: PackageData): DebianNamespace | null {
  const version = pd.version ?? '';
  if (/ubuntu/i.test(version)) return 'ubuntu';
  if (/deb/i.test(version)) return 'debian';
  const maintainers = pd.parties.map((p) => `${p.name ?? ''} ${p.email ?? ''}`).join('\n');
  if (UBUNTU_MAINTAINER.test(maintainers)) return 'ubuntu';
  if (DEBIAN_MAINTAINER.test(maintainers)) return 'debian';
  return null;
}

/** The most frequent clue (ties go to the first seen), applied to the packages without one. */
export function mostFrequentClue(clues: readonly (DebianNamespace | null)[]): DebianNamespace | null {
  const counts = new Map<DebianNamespace, number>();
  for (const c of clues) if (c) counts.set(c, (counts.get(c) ?? 0) + 1);
  let best: DebianNamespace | null = null;
  for (const [c, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = c;
  return best;
}
