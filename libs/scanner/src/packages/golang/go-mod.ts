/**
 * `go_mod`: Go module files. A small hand-written reader (no go.mod library for Node): `module`,
 * `go`, and single-line or parenthesized `require`, `exclude`, `replace` and `retract`
 * directives, `//` comments. As in ScanCode, require and exclude entries are dependencies with
 * their version in the purl (not pinned: Go's minimal version selection may pick a later one);
 * local-path `replace` targets are kept in `extra_data.local_replacements`. `// indirect`
 * requirements are marked `is_direct: false` (ScanCode drops the comment).
 */
import type { DatafileHandler } from '../handler';
import { packageData, type DependencyInput, type PackageData } from '../package-data';
import { assembleGo } from './assemble';
import { goPurl, splitModulePath } from './go-module-path';

export const goModHandler: DatafileHandler = {
  datasourceId: 'go_mod',
  pathPatterns: ['*/go.mod'],
  defaultPackageType: 'golang',
  defaultPrimaryLanguage: 'Go',
  description: 'Go modules file',
  documentationUrl: 'https://go.dev/ref/mod',
  parse: ({ content }) => parseGoMod(content),
  assemble: assembleGo,
};

interface Directive { verb: string; args: string[]; comment: string }

/** Directives of a go.mod, with blocks expanded into one directive per line. */
export function goModDirectives(text: string): Directive[] {
  const out: Directive[] = [];
  let block: string | null = null;
  text.split(/\r?\n/).forEach((raw, n) => {
    const at = raw.indexOf('//');
    const comment = at < 0 ? '' : raw.slice(at + 2).trim();
    const line = (at < 0 ? raw : raw.slice(0, at)).trim();
    if (!line) return;
    if (block !== null) {
      if (line === ')') block = null;
      else out.push({ verb: block, args: line.split(/\s+/), comment });
      return;
    }
    const words = line.split(/\s+/);
    if (!/^[a-z]+$/.test(words[0])) throw new Error(`invalid go.mod: unexpected "${line}" at line ${n + 1}`);
    if (words[1] === '(' && words.length === 2) block = words[0];
    else out.push({ verb: words[0], args: words.slice(1), comment });
  });
  if (block !== null) throw new Error(`invalid go.mod: unterminated ${block} block`);
  return out;
}

export function parseGoMod(content: Buffer): PackageData[] {
  const directives = goModDirectives(content.toString('utf8'));
  const module = unquote(directives.find((d) => d.verb === 'module')?.args[0] ?? '');
  const dependencies: DependencyInput[] = [];
  const localReplacements: { replaces: string; local_path: string }[] = [];
  for (const d of directives) {
    if ((d.verb === 'require' || d.verb === 'exclude') && d.args.length >= 2) {
      dependencies.push({
        purl: goPurl(unquote(d.args[0]), d.args[1]), extracted_requirement: d.args[1], scope: d.verb,
        is_runtime: true, is_optional: false, is_pinned: false, is_direct: !/(^|;)\s*indirect\s*(;|$)/.test(d.comment),
      });
    } else if (d.verb === 'replace') {
      const arrow = d.args.indexOf('=>');
      const target = arrow < 0 ? undefined : d.args[arrow + 1];
      if (target && /^\.\.?(\/|$)|^\//.test(target)) localReplacements.push({ replaces: unquote(d.args[0]), local_path: target });
    }
  }
  // ScanCode orders require entries before exclude entries.
  dependencies.sort((a, b) => Number(a.scope === 'exclude') - Number(b.scope === 'exclude'));
  const { namespace, name } = splitModulePath(module);
  return [packageData('go_mod', {
    type: 'golang', namespace, name: name || null, primary_language: 'Go',
    homepage_url: `https://pkg.go.dev/${namespace}/${name}`,
    vcs_url: `https://${namespace}/${name}.git`,
    repository_homepage_url: namespace && name ? `https://pkg.go.dev/${namespace}/${name}` : null,
    extra_data: localReplacements.length ? { local_replacements: localReplacements } : {},
    dependencies,
  })];
}

function unquote(s: string): string {
  return s.length >= 2 && (s[0] === '"' || s[0] === '`') && s.endsWith(s[0]) ? s.slice(1, -1) : s;
}
