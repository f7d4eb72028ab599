import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The EICAR anti-virus test file (68 bytes), assembled at run time so that no source file of
 * this repository is itself the test file.
 */
export const EICAR = Buffer.from(['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS', '-TEST-FILE!$H+H*'].join(''), 'latin1');

/** A text that the test body signature matches anywhere in a file. */
export const TEST_MARKER = ['scanworks', 'clamav', 'test', 'marker', '5e1f'].join('-');

/** Signature names as clamd reports them: signatures outside its official databases get `.UNOFFICIAL`. */
export const TEST_SIGNATURES = {
  eicar: 'Scanworks.Test.EICAR.UNOFFICIAL',
  marker: 'Scanworks.Test.Marker.UNOFFICIAL',
} as const;

export type TestSignature = keyof typeof TEST_SIGNATURES;

/**
 * A signature database of our own (freshclam cannot reach its mirrors here, and Debian ships no
 * signatures): an MD5 signature of EICAR (`.hdb`: md5:size:name, what `sigtool --md5` prints) and
 * a body signature of the marker (`.ndb`: name:target type:offset:hex, any file type, anywhere).
 */
export function writeTestSignatures(dir: string, which: readonly TestSignature[] = ['eicar', 'marker']): void {
  mkdirSync(dir, { recursive: true });
  if (which.includes('eicar')) {
    const md5 = createHash('md5').update(EICAR).digest('hex');
    writeFileSync(join(dir, 'scanworks-test.hdb'), `${md5}:${EICAR.length}:Scanworks.Test.EICAR\n`);
  }
  if (which.includes('marker')) writeFileSync(join(dir, 'scanworks-test.ndb'), `Scanworks.Test.Marker:0:*:${Buffer.from(TEST_MARKER, 'latin1').toString('hex')}\n`);
}
