/**
 * A small real Debian image built in the test, without debootstrap (minutes): a handful of .deb
 * files from this machine's apt sources (`apt-get download`), unpacked with `dpkg-deb -x` into the
 * bottom layer with the dpkg database dpkg would write (status paragraphs from the control data,
 * info/<pkg>.list and .md5sums), and a second layer with an npm package (`npm pack`) under
 * /app/node_modules plus whiteouts of first-layer paths. Needs apt's package lists (apt-get
 * update), dpkg-deb, tar and npm, as .ci/run provides.
 */
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface DebPackage {
  name: string;
  version: string;
  architecture: string;
  multiArch: string | null;
}

const run = (cmd: string, args: string[], cwd?: string): string => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });

/** Downloads the .debs and unpacks them into `root` with their dpkg database; returns what is installed. */
export async function buildDebianRoot(work: string, root: string, names: readonly string[]): Promise<DebPackage[]> {
  const debs = join(work, 'debs');
  await mkdir(debs, { recursive: true });
  try {
    run('apt-get', ['download', '-q', ...names], debs);
  } catch (e) {
    throw new Error(`apt-get download ${names.join(' ')} failed (is 'apt-get update' done? .ci/run does it): ${(e as { stderr?: string }).stderr ?? String(e)}`);
  }
  const info = join(root, 'var/lib/dpkg/info');
  await mkdir(info, { recursive: true });
  const paragraphs: string[] = [];
  const installed: DebPackage[] = [];
  for (const file of (await readdir(debs)).filter((f) => f.endsWith('.deb')).sort()) {
    const deb = join(debs, file);
    run('dpkg-deb', ['-x', deb, root]);
    const control = run('dpkg-deb', ['-f', deb]).trimEnd();
    const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(control)?.[1] ?? null;
    const pkg: DebPackage = { name: field('Package') ?? '', version: field('Version') ?? '', architecture: field('Architecture') ?? '', multiArch: field('Multi-Arch') };
    installed.push(pkg);
    paragraphs.push(control.replace(/^(Package: .*)$/m, '$1\nStatus: install ok installed'));
    const stem = pkg.multiArch === 'same' ? `${pkg.name}:${pkg.architecture}` : pkg.name;
    const paths = execFileSync('sh', ['-c', 'dpkg-deb --fsys-tarfile "$1" | tar -t', 'sh', deb], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\n')
      .filter(Boolean)
      .map((p) => p.replace(/^\./, '').replace(/\/$/, '') || '/.');
    await writeFile(join(info, `${stem}.list`), `${paths.join('\n')}\n`);
    const ctrl = join(work, 'control', pkg.name);
    await mkdir(join(work, 'control'), { recursive: true });
    run('dpkg-deb', ['-e', deb, ctrl]);
    await copyFile(join(ctrl, 'md5sums'), join(info, `${stem}.md5sums`)).catch(() => undefined);
  }
  await writeFile(join(root, 'var/lib/dpkg/status'), `${paragraphs.join('\n\n')}\n`);
  return installed;
}

/** `npm pack <spec>` unpacked into `<root>/app/node_modules/<name>`; returns its name and version. */
export async function addNpmPackage(work: string, root: string, spec: string): Promise<{ name: string; version: string }> {
  const packDir = join(work, 'npm-pack');
  await mkdir(packDir, { recursive: true });
  const tgz = run('npm', ['pack', spec, '--silent', '--pack-destination', packDir], packDir).trim().split('\n').pop() ?? '';
  const manifest = JSON.parse(run('tar', ['-xzOf', join(packDir, tgz), 'package/package.json'])) as { name: string; version: string };
  const target = join(root, 'app/node_modules', manifest.name);
  await mkdir(target, { recursive: true });
  run('tar', ['-xzf', join(packDir, tgz), '-C', target, '--strip-components=1']);
  return { name: manifest.name, version: manifest.version };
}

/** A layer tarball of a directory as Docker writes one (`./` first, links kept as links). */
export function tarDirectory(dir: string, out: string): void {
  run('tar', ['--sort=name', '--numeric-owner', '-C', dir, '-cf', out, '.']);
}
