/**
 * `build_gradle`: Gradle build scripts (Groovy and Kotlin DSL), read statically, never run.
 * A small hand-written scanner (no Groovy/Kotlin parser for Node) finds the top-level
 * `dependencies { }` blocks and, in them, `<configuration> 'g:a:v'`, `<configuration>("g:a:v")`
 * and map notation `group: 'g', name: 'a', version: 'v'` (also `group = "g"` in Kotlin).
 * As ScanCode: maven-type dependencies scoped by configuration, pinned when a version is given,
 * test configurations optional and not runtime; the script itself names no package.
 */
import type { DatafileHandler } from '../handler';
import { dependencyPurl, packageData, type DependencyInput, type PackageData } from '../package-data';

export const buildGradleHandler: DatafileHandler = {
  datasourceId: 'build_gradle',
  pathPatterns: ['*/build.gradle', '*/build.gradle.kts'],
  defaultPackageType: 'maven',
  defaultPrimaryLanguage: null,
  description: 'Gradle build script',
  documentationUrl: null,
  parse: ({ content }) => parseBuildGradle(content.toString('utf8')),
};

/** Source without comments; string literals kept. Throws on an unterminated string or comment. */
export function stripComments(src: string): string {
  let out = '';
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '/') { while (i < src.length && src[i] !== '\n') i++; out += '\n'; }
    else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      if (end < 0) throw new Error('invalid build.gradle: unterminated comment');
      i = end + 1;
      out += ' ';
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < src.length && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      if (src[j] !== c) throw new Error(`invalid build.gradle: unterminated string at offset ${i}`);
      out += src.slice(i, j + 1);
      i = j;
    } else out += c;
  }
  return out;
}

/** Bodies of `dependencies { ... }` blocks (balanced braces, strings skipped). */
function dependencyBlocks(src: string): string[] {
  const blocks: string[] = [];
  const re = /(^|[^\w.])dependencies\s*\{/g;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    let depth = 1;
    let i = m.index + m[0].length;
    const start = i;
    for (; i < src.length && depth; i++) {
      const c = src[i];
      if (c === '"' || c === "'") i = src.indexOf(c, i + 1);
      else if (c === '{') depth++;
      else if (c === '}') depth--;
    }
    if (depth) throw new Error('invalid build.gradle: unbalanced braces in dependencies block');
    blocks.push(src.slice(start, i - 1));
    re.lastIndex = i;
  }
  return blocks;
}

const STR = `(?:'([^']*)'|"([^"]*)")`;
const STRING_NOTATION = new RegExp(`\\b([A-Za-z_]\\w*)\\s*\\(?\\s*${STR}`, 'g');
const MAP_KEY = new RegExp(`\\b(group|name|version)\\s*[:=]\\s*${STR}`, 'g');

export function parseBuildGradle(text: string): PackageData[] {
  const deps: DependencyInput[] = [];
  for (const block of dependencyBlocks(stripComments(text))) {
    for (const line of block.split(/\n|;/)) {
      const conf = /^\s*([A-Za-z_]\w*)\b/.exec(line)?.[1];
      if (!conf || conf === 'project' || conf === 'platform') continue;
      const map = Object.fromEntries([...line.matchAll(MAP_KEY)].map((m) => [m[1], m[2] ?? m[3]]));
      if (map['name']) { deps.push(dependency(conf, map['group'] ?? '', map['name'], map['version'] ?? '')); continue; }
      const m = [...line.matchAll(STRING_NOTATION)].find((x) => x[1] === conf || /^(platform|enforcedPlatform)$/.test(x[1]));
      const coords = (m?.[2] ?? m?.[3] ?? '').split(':');
      if (coords.length >= 2 && coords.length <= 4 && coords[1]) deps.push(dependency(conf, coords[0], coords[1], coords[2] ?? ''));
    }
  }
  return [packageData('build_gradle', { type: 'maven', dependencies: deps })];
}

function dependency(scope: string, namespace: string, name: string, version: string): DependencyInput {
  const test = scope.toLowerCase().includes('test');
  return {
    purl: dependencyPurl('maven', namespace || null, name, version || null),
    extracted_requirement: version, scope, is_runtime: !test, is_optional: test, is_pinned: Boolean(version),
  };
}
