import { spawn } from 'node:child_process';
import { access, chmod } from 'node:fs/promises';
import { constants } from 'node:fs';
import { path7za } from '7zip-bin';

let resolved: Promise<string> | undefined;

/**
 * The 7-Zip executable: the one shipped by 7zip-bin, which npm installs without its execute bit
 * (so it is made executable on first use), else `7z` or `7za` from PATH.
 */
export function sevenZipBinary(): Promise<string> {
  resolved ??= findBinary();
  return resolved;
}

async function findBinary(): Promise<string> {
  const bundled = await access(path7za, constants.X_OK)
    .then(() => true)
    .catch(() =>
      chmod(path7za, 0o755)
        .then(() => true)
        .catch(() => false),
    );
  if (bundled) return path7za;
  for (const name of ['7z', '7za']) if (await runs(name)) return name;
  throw new Error('no 7-Zip executable: 7zip-bin is not executable and neither 7z nor 7za is on PATH');
}

function runs(command: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, ['i'], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}
