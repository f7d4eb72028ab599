/**
 * The JVM languages of deploy-to-develop: how to find a source file's package and how to get
 * from a compiled class back to the source file name that produced it (ScanCode.io's jvm pipe).
 */
export interface JvmLanguage {
  /** The selectable group that runs this language's steps. */
  group: string;
  /** Step names use it: `find_<name>_packages`, `map_<name>_to_class`. */
  name: string;
  sourceExtensions: readonly string[];
  binaryExtensions: readonly string[];
  /** The key of the package in a source resource's `extra_data`. */
  packageAttribute: string;
  /** The relation map_type of a class to its source. */
  mapType: string;
  /** The source file name of a class, normalized for inner classes and the like. */
  normalizedSourceName(className: string, extension: string): string;
}

/** Java requires the `;` after a package statement; the other languages do not. */
const JAVA_PACKAGE = /^\s*package\s+([\w.]+)\s*;/;
const OTHER_PACKAGE = /^\s*package\s+([\w.]+)\s*;?/;
const PACKAGE_LINES = 501;

const beforeFirstDot = (name: string): string => name.split('.', 1)[0];

/** `Outer$Inner.class` -> `Outer`, `Foo_$logger.class` (a generated logger) -> `Foo`, `Bar.class` -> `Bar`. */
function outerClassName(className: string): string {
  if (className.endsWith('_$logger.class')) return className.slice(0, -'_$logger.class'.length);
  if (className.includes('$') && !className.startsWith('$')) return className.slice(0, className.indexOf('$'));
  return beforeFirstDot(className);
}

function language(group: string, name: string, sourceExtensions: string[], binaryExtensions: string[] = ['.class']): JvmLanguage {
  return {
    group,
    name,
    sourceExtensions,
    binaryExtensions,
    packageAttribute: `${name}_package`,
    mapType: `${name}_to_class`,
    normalizedSourceName: (className, extension) => `${outerClassName(className)}${extension}`,
  };
}

const KOTLIN: JvmLanguage = {
  ...language('Kotlin', 'kotlin', ['.kt', '.kts']),
  // Kotlin's top-level functions compile to `FooKt.class`; no generated-logger rule.
  normalizedSourceName: (className, extension) => {
    const outer = className.includes('$') ? className.slice(0, className.indexOf('$')) : beforeFirstDot(className);
    return `${outer.endsWith('Kt') ? outer.slice(0, -2) : outer}${extension}`;
  },
};

/** In ScanCode.io's step order. */
export const JVM_LANGUAGES: readonly JvmLanguage[] = [
  language('Java', 'java', ['.java']),
  language('Scala', 'scala', ['.scala'], ['.class', '.tasty']),
  KOTLIN,
  language('Antlr', 'grammar', ['.g', '.g4']),
  language('Groovy', 'groovy', ['.groovy']),
  language('AspectJ', 'aspectj', ['.aj']),
  language('Clojure', 'clojure', ['.clj']),
  language('Xtend', 'xtend', ['.xtend']),
];

/** The package a source file declares in its first 500 lines, or null. */
export function findJvmPackage(lang: JvmLanguage, text: string): string | null {
  const pattern = lang.name === 'java' ? JAVA_PACKAGE : OTHER_PACKAGE;
  const lines = text.split(/\r\n|\r|\n/, PACKAGE_LINES);
  for (const line of lines) {
    const m = pattern.exec(line);
    if (m?.[1]) return m[1];
  }
  return null;
}

/** `org.common` + `Bar.java` -> `org/common/Bar.java`. */
export function fullyQualifiedSourcePath(jvmPackage: string, fileName: string): string {
  return `${jvmPackage.replaceAll('.', '/')}/${fileName}`;
}

const parentOf = (path: string): string => {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  const slash = trimmed.lastIndexOf('/');
  return slash < 0 ? '' : trimmed.slice(0, slash + 1);
};
const nameOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/**
 * The source paths a class may come from, tried in order: the plain one (everything before the
 * first dot of the class name, `a/B.class` -> `a/B.java`), then the normalized one.
 */
export function candidateSourcePaths(lang: JvmLanguage, classPath: string, extension: string): string[] {
  const dir = parentOf(classPath);
  const name = nameOf(classPath);
  const plain = `${dir}${beforeFirstDot(name)}${extension}`;
  const normalized = `${dir}${lang.normalizedSourceName(name, extension)}`;
  return plain === normalized ? [plain] : [plain, normalized];
}
