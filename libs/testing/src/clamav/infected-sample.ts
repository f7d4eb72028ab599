import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EICAR, TEST_MARKER, TEST_SIGNATURES } from './test-signatures';
import { writeZip } from '../zip';

export interface InfectedSampleOptions {
  /** The top directory in the tarball, and the tarball's name (`<name>.tar.gz`). */
  name?: string;
  /** Clean text files under src/. */
  cleanFiles?: number;
  /** When given, data/big.bin of this many bytes (zeros: the tarball stays small). */
  bigFileSize?: number;
}

export interface InfectedSample {
  tarball: string;
  /** Every codebase path clamd reports once scan_codebase has extracted the tarball, with its signature. */
  infected: Record<string, string>;
  /** The codebase path of data/big.bin, when there is one. */
  bigFile: string | null;
}

/**
 * An upload holding EICAR plain and nested (in a zip inside a tar inside the tarball), the
 * body-signature marker inside a text file, clean files, and optionally a file larger than a
 * test clamd's StreamMaxLength. Archives are infected too: clamd looks inside them, as it does
 * in ScanCode.io, so the tarball, the tar and the zip are reported along with the files.
 * Members are listed in a fixed order, EICAR first, so clamd names EICAR for every archive.
 */
export async function buildInfectedSample(dir: string, options: InfectedSampleOptions = {}): Promise<InfectedSample> {
  const name = options.name ?? 'virus-sample';
  const root = join(dir, name);
  const put = (path: string, data: Buffer | string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), data);
    return path;
  };
  const members = [put('eicar.com', EICAR), put('docs/notes.txt', `Release notes\n\n${TEST_MARKER}\n\nNothing else.\n`)];
  const bundleDir = join(dir, `${name}-bundle`);
  mkdirSync(bundleDir, { recursive: true });
  await writeZip(join(bundleDir, 'inner.zip'), { 'sub/eicar.com': EICAR, 'sub/readme.txt': Buffer.from('a clean file next to it\n') });
  mkdirSync(join(root, 'vendor'), { recursive: true });
  execFileSync('tar', ['-cf', join(root, 'vendor', 'bundle.tar'), '-C', bundleDir, 'inner.zip']);
  members.push('vendor/bundle.tar');
  for (let i = 0; i < (options.cleanFiles ?? 0); i++) {
    members.push(put(`src/m${String(Math.floor(i / 100)).padStart(3, '0')}/file-${String(i).padStart(5, '0')}.txt`, `clean file ${i}\nvalue = ${i * 7919}\n`));
  }
  if (options.bigFileSize !== undefined) members.push(put('data/big.bin', Buffer.alloc(options.bigFileSize)));
  const tarball = join(dir, `${name}.tar.gz`);
  execFileSync('tar', ['-czf', tarball, '-C', dir, ...members.map((m) => `${name}/${m}`)]);
  const extracted = `${name}.tar.gz-extract/${name}`;
  return {
    tarball,
    infected: {
      [`${name}.tar.gz`]: TEST_SIGNATURES.eicar,
      [`${extracted}/eicar.com`]: TEST_SIGNATURES.eicar,
      [`${extracted}/docs/notes.txt`]: TEST_SIGNATURES.marker,
      [`${extracted}/vendor/bundle.tar`]: TEST_SIGNATURES.eicar,
      [`${extracted}/vendor/bundle.tar-extract/inner.zip`]: TEST_SIGNATURES.eicar,
      [`${extracted}/vendor/bundle.tar-extract/inner.zip-extract/sub/eicar.com`]: TEST_SIGNATURES.eicar,
    },
    bigFile: options.bigFileSize === undefined ? null : `${extracted}/data/big.bin`,
  };
}
