import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DebianSourcePair } from './debian-source-pair';

/** What a Debian Java package's .deb and source tarball hold, read with dpkg-deb, unzip and tar. */
export interface JavaPairReference {
  /** The jar's path inside the .deb (the regular file; versioned names are symlinks to it). */
  jar: string;
  /** The jar's .class entries. */
  classes: string[];
  /** The tarball's .java files, by path inside it. */
  sources: string[];
}

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { maxBuffer: 256 << 20 }).toString();

export function javaPairReference(pair: DebianSourcePair, jarPattern = /^usr\/share\/java\/[^/]+\.jar$/): JavaPairReference {
  const dir = mkdtempSync(join(tmpdir(), 'deb-jar-'));
  try {
    const files = run('dpkg-deb', ['-c', pair.deb]).split('\n').filter((l) => l.startsWith('-')).map((l) => l.replace(/^.*\s\.\//, ''));
    const jar = files.find((p) => jarPattern.test(p));
    if (!jar) throw new Error(`no jar in ${pair.deb}: ${files.join(', ')}`);
    run('dpkg-deb', ['-x', pair.deb, dir]);
    const classes = run('unzip', ['-Z1', join(dir, jar)]).split('\n').filter((e) => e.endsWith('.class'));
    const sources = run('tar', ['-tf', pair.orig]).split('\n').filter((e) => e.endsWith('.java'));
    return { jar, classes, sources };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `a/B$1.class` -> `a/B.java`: the source file a class comes from, by its fully qualified name. */
export const sourceOfClass = (classPath: string): string => classPath.replace(/\$.*$|\.class$/, '') + '.java';

/** The classes of the jar whose source is in the tarball (a .java file whose path ends with the class's qualified source path). */
export function classesWithSource(ref: JavaPairReference): string[] {
  const bySuffix = new Set<string>();
  for (const s of ref.sources) {
    const parts = s.split('/');
    for (let i = 0; i < parts.length; i++) bySuffix.add(parts.slice(i).join('/'));
  }
  return ref.classes.filter((c) => bySuffix.has(sourceOfClass(c)));
}
