/**
 * `gemfile`: Bundler Gemfiles read statically (ScanCode packagedcode/rubygems.py GemfileHandler).
 * `gem 'name', '~> 1.0', group: :test` lines become dependencies; `group … do … end` blocks give
 * their groups as the scope (`runtime` outside any group). Ruby is never run.
 */
import type { DatafileHandler } from '../handler';
import { dependencyPurl, packageData, type DependencyInput, type PackageData } from '../package-data';
import { assembleGemProject } from './assemble';
import { GEM_COMMON } from './gem-data';
import { rubyHashPairs, rubyStatements, stringLiterals } from './ruby-static';

const NON_RUNTIME_GROUPS = new Set(['development', 'test']);
const BLOCK_START = /^(if|unless|case|begin|while|until|def|class|module)\b|\bdo(\s*\|[^|]*\|)?$/;

export function parseGemfile(content: Buffer): PackageData[] {
  const text = content.toString('utf8');
  if (text.includes('\u0000')) throw new Error('not a Gemfile: binary content');
  const blocks: string[][] = [];
  const dependencies: DependencyInput[] = [];
  const extra: Record<string, unknown> = {};
  for (const { text: stmt } of rubyStatements(text)) {
    if (stmt === 'end') {
      blocks.pop();
      continue;
    }
    const group = /^group\s*\(?\s*(.*?)\)?\s+do$/.exec(stmt);
    if (group) blocks.push(symbols(group[1]));
    else if (BLOCK_START.test(stmt)) blocks.push([]);
    const gem = /^gem(?:\s+|\s*\()(.*?)\)?$/.exec(stmt);
    const dep = gem ? gemLine(gem[1], blocks.flat()) : null;
    if (dep) dependencies.push(dep);
    const source = /^source\s*\(?\s*['"]([^'"]+)['"]/.exec(stmt);
    if (source) extra['sources'] = [...((extra['sources'] as string[] | undefined) ?? []), source[1]];
    const ruby = /^ruby\s*\(?\s*['"]([^'"]+)['"]/.exec(stmt);
    if (ruby) extra['ruby_version'] = ruby[1];
  }
  return [packageData('gemfile', { type: 'gem', primary_language: 'Ruby', extra_data: extra, dependencies })];
}

function symbols(expr: string): string[] {
  return [...expr.matchAll(/:(\w+)|["'](\w+)["']/g)].map((m) => m[1] ?? m[2]);
}

function gemLine(args: string, blockGroups: string[]): DependencyInput | null {
  // Positional literals (name, requirements) come before the first `key:` / `:key =>` option.
  const optionAt = args.search(/,\s*(:?\w+\s*=>|\w+:\s)/);
  const positional = stringLiterals(optionAt < 0 ? args : args.slice(0, optionAt));
  const options = optionAt < 0 ? new Map<string, string>() : rubyHashPairs(args.slice(optionAt));
  const optionGroups = optionAt < 0 ? [] : symbols(/(?:groups?:|:groups?\s*=>)\s*(\[[^\]]*\]|:\w+|["']\w+["'])/.exec(args.slice(optionAt))?.[1] ?? '');
  if (!positional[0]) return null;
  const groups = [...new Set([...blockGroups, ...optionGroups])];
  const requirements = positional.slice(1).map((r) => r.trim()).filter(Boolean);
  const exact = requirements.length === 1 ? /^=?\s*(\d[\w.]*)$/.exec(requirements[0])?.[1] ?? null : null;
  const isRuntime = !groups.length || groups.some((g) => !NON_RUNTIME_GROUPS.has(g));
  const extra: Record<string, unknown> = {};
  for (const key of ['git', 'github', 'branch', 'tag', 'ref', 'path', 'platforms', 'require', 'source']) if (options.has(key)) extra[key] = options.get(key);
  return {
    purl: dependencyPurl('gem', null, positional[0], exact),
    extracted_requirement: requirements.join(', ') || null,
    scope: groups.length ? groups.join(', ') : 'runtime',
    is_runtime: isRuntime,
    is_optional: !isRuntime,
    is_pinned: exact !== null,
    is_direct: true,
    extra_data: extra,
  };
}

export const gemfileHandler: DatafileHandler = {
  datasourceId: 'gemfile',
  pathPatterns: ['*/Gemfile', '*.gemfile', '*/Gemfile-*'],
  ...GEM_COMMON,
  description: 'RubyGems Bundler Gemfile',
  documentationUrl: 'https://bundler.io/man/gemfile.5.html',
  parse: ({ content }) => parseGemfile(content),
  assemble: assembleGemProject,
};
