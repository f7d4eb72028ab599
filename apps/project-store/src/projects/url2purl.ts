import { PackageURL } from 'packageurl-js';

type Rule = [RegExp, (m: RegExpMatchArray) => PackageURL];

const dec = decodeURIComponent;

/**
 * Maps a download URL of a well-known registry to a package URL, as ScanCode.io's url2purl
 * does for a project created from a single URL. Only registries whose URL layout names the
 * package and version unambiguously are mapped; anything else gives ''.
 */
const RULES: Rule[] = [
  // https://registry.npmjs.org/@scope/name/-/name-1.0.0.tgz and unscoped; the file name repeats
  // the package name, so a pre-release version with dashes (1.0.0-beta-2) stays whole.
  [/^https?:\/\/registry\.(?:npmjs\.org|yarnpkg\.com)\/(?:(@[^/]+)\/)?([^/]+)\/-\/(?:@[^/]+\/)?\2-(\d[^/]*)\.tgz$/, (m) =>
    new PackageURL('npm', m[1] ? dec(m[1]) : undefined, dec(m[2]), m[3], undefined, undefined)],
  // https://files.pythonhosted.org/packages/.../name-1.0.tar.gz or wheels; like packageurl-python,
  // only `_` becomes `-` (zope.interface keeps its dot).
  [/^https?:\/\/files\.pythonhosted\.org\/packages\/.+\/([A-Za-z0-9_.]+?)-(\d[^-/]*?)(?:-[^/]*)?\.(?:tar\.gz|zip|whl|tar\.bz2)$/, (m) =>
    new PackageURL('pypi', undefined, m[1].toLowerCase().replace(/_/g, '-'), m[2], undefined, undefined)],
  // https://repo1.maven.org/maven2/org/group/artifact/1.0/artifact-1.0.jar; a non-jar file adds `type`
  [/^https?:\/\/repo1?\.maven(?:\.apache)?\.org\/maven2\/(.+)\/([^/]+)\/([^/]+)\/\2-\3(?:-([^/.]+))?\.(jar|pom|war|ear|zip)$/, (m) =>
    new PackageURL('maven', m[1].replace(/\//g, '.'), m[2], m[3], mavenQualifiers(m[4], m[5]), undefined)],
  // https://crates.io/api/v1/crates/name/1.0.0/download
  [/^https?:\/\/crates\.io\/api\/v1\/crates\/([^/]+)\/([^/]+)\/download$/, (m) => new PackageURL('cargo', undefined, m[1], m[2], undefined, undefined)],
  // https://rubygems.org/downloads/name-1.0.0.gem
  [/^https?:\/\/rubygems\.org\/downloads\/(.+)-(\d[^-]*)\.gem$/, (m) => new PackageURL('gem', undefined, m[1], m[2], undefined, undefined)],
  // https://www.nuget.org/api/v2/package/Name/1.0.0
  [/^https?:\/\/(?:www\.)?nuget\.org\/api\/v2\/package\/([^/]+)\/([^/]+)\/?$/, (m) => new PackageURL('nuget', undefined, m[1], m[2], undefined, undefined)],
];

function mavenQualifiers(classifier: string | undefined, extension: string): Record<string, string> | undefined {
  const q: Record<string, string> = {};
  if (classifier) q.classifier = classifier;
  if (extension !== 'jar') q.type = extension;
  return Object.keys(q).length > 0 ? q : undefined;
}

export function url2purl(url: string): string {
  const clean = url.split('#')[0];
  for (const [re, build] of RULES) {
    const m = clean.match(re);
    if (m) {
      try {
        return build(m).toString();
      } catch {
        return '';
      }
    }
  }
  return '';
}
