import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PathSuffixIndex } from './path-suffix-index';
import { ecosystemConfigFor } from './ecosystem-config';
import { candidateSourcePaths, findJvmPackage, fullyQualifiedSourcePath, JVM_LANGUAGES } from './jvm-languages';
import { isLegalFileName, isWhitespaceOnly } from './file-names';
import { directoryFingerprint, directoryFingerprints } from './directory-fingerprint';
import { aboutGlobRegex, parseAboutFile } from './about-file';
import { elfDefinedSymbols, isElfFileType, pythonFunctionNames } from './elf-symbols';

const lang = (name: string) => JVM_LANGUAGES.find((l) => l.name === name)!;

describe('PathSuffixIndex', () => {
  const index = new PathSuffixIndex([[1, 'from/a/src/x/Y.java'], [2, 'from/b/x/Y.java'], [3, 'from/c/Z.java']]);

  it('finds the longest indexed suffix, with every resource ending that way', () => {
    expect(index.find('to/a/src/x/Y.java')).toEqual({ matchedSegments: 4, ids: [1] });
    expect(index.find('to/q/x/Y.java')).toEqual({ matchedSegments: 2, ids: [1, 2] });
    expect(index.find('to/Nope.java')).toBeNull();
  });

  it('matches whole segments only: a name is not the end of a longer name', () => {
    expect(index.find('to/AZ.java')).toBeNull();
  });

  it('without subpaths, matches only whole indexed paths (fully qualified names)', () => {
    const fq = new PathSuffixIndex([[7, 'org/x/Y.java']], false);
    expect(fq.find('to/app.jar-extract/org/x/Y.java')).toEqual({ matchedSegments: 3, ids: [7] });
    expect(fq.find('to/app.jar-extract/x/Y.java')).toBeNull();
  });
});

describe('ecosystemConfigFor', () => {
  it('puts the selected groups\' lists before the defaults, in selection order, and copies per call', () => {
    const config = ecosystemConfigFor(['Java', 'Ruby']);
    expect(config.deployedResourcePathExclusions.slice(0, 3)).toEqual(['*checksums.yaml.gz*', '*metadata.gz*', '*data.tar.gz.sig']);
    expect(config.deployedResourcePathExclusions).toContain('*META-INF/*');
    expect(config.deployedResourcePathExclusions.slice(-3)).toEqual(['*.properties', '*.html', '*/.github/*']);
    expect(ecosystemConfigFor([]).deployedResourcePathExclusions).toEqual(['*.properties', '*.html', '*/.github/*']);
  });
});

describe('JVM languages', () => {
  it('finds the package in the first 500 lines; Java needs the semicolon, Kotlin does not', () => {
    expect(findJvmPackage(lang('java'), '// x\n  package   foo.back ;  // c\nclass A {}')).toBe('foo.back');
    expect(findJvmPackage(lang('java'), 'package foo.back\n')).toBeNull();
    expect(findJvmPackage(lang('kotlin'), 'package foo.back\n')).toBe('foo.back');
    expect(findJvmPackage(lang('java'), `${'\n'.repeat(501)}package late;`)).toBeNull();
  });

  it('turns a class into its source names: plain first, then inner classes, loggers and Kotlin files', () => {
    expect(fullyQualifiedSourcePath('org.common', 'Bar.java')).toBe('org/common/Bar.java');
    expect(candidateSourcePaths(lang('java'), 'to/a.jar-extract/org/Bar$Inner.class', '.java')).toEqual(['to/a.jar-extract/org/Bar$Inner.java', 'to/a.jar-extract/org/Bar.java']);
    expect(candidateSourcePaths(lang('java'), 'org/Foo_$logger.class', '.java')).toEqual(['org/Foo_$logger.java', 'org/Foo.java']);
    expect(candidateSourcePaths(lang('java'), 'org/Bar.class', '.java')).toEqual(['org/Bar.java']);
    expect(candidateSourcePaths(lang('kotlin'), 'org/MainKt.class', '.kt')).toEqual(['org/MainKt.kt', 'org/Main.kt']);
  });
});

describe('file names and contents', () => {
  it('knows legal file names by their start, their end, or their end before the extension', () => {
    expect(isLegalFileName('LICENSE', '')).toBe(true);
    expect(isLegalFileName('project.LICENSE', '.LICENSE')).toBe(true);
    expect(isLegalFileName('license_mit.md', '.md')).toBe(true);
    expect(isLegalFileName('project_notice.txt', '.txt')).toBe(true);
    expect(isLegalFileName('Main.java', '.java')).toBe(false);
  });

  it('knows whitespace-only content', () => {
    expect(isWhitespaceOnly(Buffer.from(' \n\t\r\f\b'))).toBe(true);
    expect(isWhitespaceOnly(Buffer.from(' a '))).toBe(false);
  });
});

describe('directory fingerprints (matchcode-toolkit)', () => {
  it('gives matchcode\'s halo hash of the sha1s of the files under a directory', () => {
    // The flume golden's to/ directory fingerprints are held equal in map-deploy-to-develop.int-spec.ts.
    expect(directoryFingerprint(['a', 'b', 'c'])).toBe('00000003f534a2073b484853ce38678d9ecca8dc');
    expect(directoryFingerprint(['a', 'b', 'c'])).toBe(directoryFingerprint(['c', 'b', 'a']));
    expect(directoryFingerprint([])).toBe('0000000000000000000000000000000000000000');
  });

  it('needs two non-empty files under the directory', () => {
    expect(directoryFingerprints('to/d', [{ path: 'to/d/a', size: 5, sha1: 'x' }, { path: 'to/d/b', size: 0, sha1: '' }])).toBeNull();
    const both = directoryFingerprints('to/d', [{ path: 'to/d/a', size: 15, sha1: 'x' }, { path: 'to/d/e/b', size: 9, sha1: 'y' }]);
    expect(both?.directory_content).toBe(directoryFingerprint(['x', 'y']));
    expect(both?.directory_structure).toBe(directoryFingerprint(['10a', '0e/b']));
  });
});

describe('ABOUT files', () => {
  it('reads the package, about_resource, ignored resources and the companion files', async () => {
    const about = 'about_resource: "*lib-*.jar*"\nignored_resources:\n  - "*Skip.class"\nname: lib\nversion: 1.0\npackage_url: pkg:maven/org/lib@1.0\n'
      + 'license_expression: mit\nnotice_file: NOTICE\nlicenses:\n  - key: mit\n    file: LICENSE.txt\n';
    const companions: Record<string, string> = { NOTICE: 'notice text', 'LICENSE.txt': 'MIT text' };
    const data = await parseAboutFile(about, async (n) => companions[n] ?? null);
    expect(data).toEqual({
      name: 'lib', version: '1.0', type: 'maven', namespace: 'org', filename: '*lib-*.jar*', declared_license_expression: 'mit',
      notice_text: 'notice text', extracted_license_statement: 'MIT text',
      extra_data: { ignored_resources: ['*Skip.class'], notice_file: 'NOTICE', license_file: 'LICENSE.txt' },
    });
    expect(await parseAboutFile('- not a mapping', async () => null)).toBeNull();
  });

  it('turns globs into anchored regexes where * crosses directories', () => {
    expect(aboutGlobRegex('*lib-*.jar*').test('to/lib-1.0.jar-extract/a/B.class')).toBe(true);
    expect(aboutGlobRegex('lib-?.jar').test('lib-1.jar')).toBe(true);
    expect(aboutGlobRegex('lib.jar').test('libXjar')).toBe(false);
  });
});

describe('ELF symbols and Python function names', () => {
  it('reads the functions an ELF binary defines, as nm does', () => {
    const node = process.execPath;
    const ours = elfDefinedSymbols(readFileSync(node)) ?? [];
    const nm = execFileSync('nm', ['-D', '--defined-only', node], { maxBuffer: 256 << 20 }).toString().split('\n')
      .map((l) => l.trim().split(/\s+/)).filter((p) => p.length === 3 && /^[TtWDdBbVR]$/.test(p[1])).map((p) => p[2].replace(/@.*$/, ''));
    expect(ours.length).toBeGreaterThan(1000);
    const sample = nm.filter((n) => n.startsWith('napi_'));
    expect(sample.length).toBeGreaterThan(10);
    expect(sample.filter((n) => !ours.includes(n))).toEqual([]);
    expect(elfDefinedSymbols(Buffer.from('not elf at all, not at all, not at all, not at all'))).toBeNull();
  });

  it('knows ELF file types as libmagic describes them', () => {
    expect(isElfFileType('ELF 64-bit LSB shared object, x86-64')).toBe(true);
    expect(isElfFileType('ELF 64-bit LSB core file')).toBe(false);
  });

  it('names the top-level functions of Python, and every function of Cython', () => {
    expect(pythonFunctionNames('def a(x):\n  def inner(): pass\nclass C:\n    def m(self): pass\n', '.py')).toEqual(['a']);
    expect(pythonFunctionNames('cdef class C:\n    def __cinit__(self):\n        pass\ncpdef int f(int x):\n    return x\n', '.pyx')).toEqual(['__cinit__', 'f']);
  });
});
