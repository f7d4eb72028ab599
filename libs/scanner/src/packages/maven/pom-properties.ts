/**
 * `maven_pom_properties`: the `pom.properties` Maven writes next to the POM inside a jar
 * (`META-INF/maven/<groupId>/<artifactId>/pom.properties`). groupId, artifactId and version
 * give the coordinates; other keys go to `extra_data.pom_properties`. ScanCode does not
 * assemble it into a package on its own.
 */
import type { DatafileHandler } from '../handler';
import { packageData, type PackageData } from '../package-data';

export const mavenPomPropertiesHandler: DatafileHandler = {
  datasourceId: 'maven_pom_properties',
  pathPatterns: ['*/pom.properties'],
  defaultPackageType: 'maven',
  defaultPrimaryLanguage: 'Java',
  description: 'Apache Maven pom properties file',
  documentationUrl: 'https://maven.apache.org/pom.html',
  parse: ({ content }) => parsePomProperties(content),
  assemble: (ctx, path) => ctx.markProcessed(path),
};

export function parsePomProperties(content: Buffer): PackageData[] {
  if (content.includes(0)) throw new Error('invalid pom.properties: binary content');
  const props = parseJavaProperties(content.toString('utf8'));
  if (!props.size) return [];
  const take = (k: string) => {
    const v = props.get(k) ?? null;
    props.delete(k);
    return v;
  };
  const namespace = take('groupId');
  const name = take('artifactId');
  const version = take('version');
  return [packageData('maven_pom_properties', {
    type: 'maven', namespace, name, version, primary_language: 'Java',
    extra_data: props.size ? { pom_properties: Object.fromEntries(props) } : {},
  })];
}

/**
 * A small reader for Java `.properties` files (no library in the project covers them): comment
 * lines (`#`, `!`), `key=value` / `key: value` / `key value`, backslash line continuations and
 * the common escapes including `\uXXXX`.
 */
export function parseJavaProperties(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i].replace(/^[ \t\f]+/, '');
    if (!line || line[0] === '#' || line[0] === '!') continue;
    while (/(^|[^\\])(\\\\)*\\$/.test(line) && i + 1 < lines.length) line = line.slice(0, -1) + lines[++i].replace(/^[ \t\f]+/, '');
    const m = /^((?:\\.|[^=:\s\\])*)[ \t\f]*[=:]?[ \t\f]*(.*)$/s.exec(line);
    if (m) out.set(unescape(m[1]), unescape(m[2]));
  }
  return out;
}

function unescape(s: string): string {
  return s.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_m, e: string) => {
    if (e.length === 5) return String.fromCharCode(parseInt(e.slice(1), 16));
    return ({ t: '\t', n: '\n', r: '\r', f: '\f' } as Record<string, string>)[e] ?? e;
  });
}
