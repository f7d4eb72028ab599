/**
 * The deploy-to-develop settings of each ecosystem, as ScanCode.io's d2d_config defines them:
 * which archives and files PurlDB can match, which document files need no review, which
 * deployed paths need no review when nothing maps them, and which source extensions give
 * symbols.
 */
export interface EcosystemConfig {
  matchablePackageExtensions: string[];
  matchableResourceExtensions: string[];
  docExtensions: string[];
  deployedResourcePathExclusions: string[];
  develResourcePathExclusions: string[];
  sourceSymbolExtensions: string[];
}

type Partial = { [K in keyof EcosystemConfig]?: EcosystemConfig[K] };

const DEFAULT: EcosystemConfig = {
  matchablePackageExtensions: ['.zip', '.tar.gz', '.tar.xz'],
  matchableResourceExtensions: [],
  docExtensions: ['.pdf', '.doc', '.docx', '.ppt', '.pptx', '.tex', '.odt', '.odp'],
  deployedResourcePathExclusions: ['*.properties', '*.html', '*/.github/*'],
  develResourcePathExclusions: ['*/tests/*'],
  sourceSymbolExtensions: [],
};

const JVM_PACKAGES = ['.jar', '.war'];
const JS_RESOURCES = ['.map', '.js', '.mjs', '.ts', '.d.ts', '.jsx', '.tsx', '.css', '.scss', '.less', '.sass', '.soy'];

/** The configs of the selectable groups that have one (ScanCode.io's names). */
export const ECOSYSTEM_CONFIGS: Readonly<Record<string, Partial>> = {
  Java: {
    matchablePackageExtensions: JVM_PACKAGES,
    matchableResourceExtensions: ['.class'],
    deployedResourcePathExclusions: ['*META-INF/*', '*/module-info.class', '*/OSGI-INF/*.xml', '*/OSGI-INF/*.json', '*spring-configuration-metadata.json'],
  },
  Scala: { matchablePackageExtensions: JVM_PACKAGES, matchableResourceExtensions: ['.class'], deployedResourcePathExclusions: ['*META-INF/*'] },
  Kotlin: {
    matchablePackageExtensions: JVM_PACKAGES,
    matchableResourceExtensions: ['.class'],
    deployedResourcePathExclusions: ['*META-INF/*', '*.knm', '*kotlin-project-structure-metadata.json'],
  },
  Groovy: { matchablePackageExtensions: JVM_PACKAGES, matchableResourceExtensions: ['.class'], deployedResourcePathExclusions: ['*META-INF/*'] },
  JavaScript: { matchableResourceExtensions: JS_RESOURCES, sourceSymbolExtensions: ['.ts', '.js'] },
  Go: { matchableResourceExtensions: ['.go'], sourceSymbolExtensions: ['.go'] },
  Rust: { matchableResourceExtensions: ['.rs'], sourceSymbolExtensions: ['.rs'] },
  Ruby: {
    matchablePackageExtensions: ['.gem'],
    matchableResourceExtensions: ['.rb'],
    deployedResourcePathExclusions: ['*checksums.yaml.gz*', '*metadata.gz*', '*data.tar.gz.sig'],
  },
  Elf: { sourceSymbolExtensions: ['.c', '.cpp', '.h'] },
  MacOS: { sourceSymbolExtensions: ['.c', '.cpp', '.h', '.m', '.swift'] },
  Windows: { sourceSymbolExtensions: ['.c', '.cpp', '.h', '.cs'] },
  Python: { sourceSymbolExtensions: ['.pyx', '.pxd', '.py', '.pyi'], matchableResourceExtensions: ['.py', '.pyi'] },
};

const MERGED_KEYS = ['matchablePackageExtensions', 'matchableResourceExtensions', 'deployedResourcePathExclusions'] as const;

/**
 * The run's config: the default one with each selected group's lists put in front, in the
 * order of the selection. A fresh object per call: ScanCode.io mutates its shared default, so
 * that selections pile up across the runs of one worker process; here they never do.
 */
export function ecosystemConfigFor(selectedGroups: readonly string[]): EcosystemConfig {
  const config: EcosystemConfig = {
    matchablePackageExtensions: [...DEFAULT.matchablePackageExtensions],
    matchableResourceExtensions: [...DEFAULT.matchableResourceExtensions],
    docExtensions: [...DEFAULT.docExtensions],
    deployedResourcePathExclusions: [...DEFAULT.deployedResourcePathExclusions],
    develResourcePathExclusions: [...DEFAULT.develResourcePathExclusions],
    sourceSymbolExtensions: [...DEFAULT.sourceSymbolExtensions],
  };
  for (const group of selectedGroups) {
    const own = ECOSYSTEM_CONFIGS[group];
    if (!own) continue;
    for (const key of MERGED_KEYS) {
      const values = own[key];
      if (values?.length) config[key] = [...values, ...config[key]];
    }
  }
  return config;
}
