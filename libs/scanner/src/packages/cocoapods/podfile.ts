/**
 * `cocoapods_podfile`: Podfile read statically (never run): `pod 'Name', '~> 1.0'` lines become
 * dependencies, with their `target '…' do` block and :path / :git options in extra_data.
 */
import type { DatafileHandler } from '../handler';
import { packageData, type DependencyInput, type PackageData } from '../package-data';
import { rubyHashPairs, rubyStatements, stringLiterals } from '../gem/ruby-static';
import { assemblePods } from './assemble';
import { podPurl, POD_COMMON } from './common';

export function parsePodfile(content: Buffer): PackageData[] {
  const text = content.toString('utf8');
  if (text.includes('\u0000')) throw new Error('not a Podfile: binary content');
  const targets: (string | null)[] = [];
  const dependencies: DependencyInput[] = [];
  const extra: Record<string, unknown> = {};
  for (const { text: stmt } of rubyStatements(text)) {
    if (stmt === 'end') targets.pop();
    else if (/\bdo(\s*\|[^|]*\|)?$/.test(stmt) || /^(if|unless|def|case|begin)\b/.test(stmt)) targets.push(/^(?:abstract_)?target\s/.test(stmt) ? stringLiterals(stmt)[0] ?? null : null);
    const platform = /^platform\s+:(\w+)(?:\s*,\s*['"]([^'"]+)['"])?/.exec(stmt);
    if (platform) extra['platform'] = platform[2] ? `${platform[1]} ${platform[2]}` : platform[1];
    const pod = /^pod\s+(.*)$/.exec(stmt);
    if (!pod) continue;
    const optionAt = pod[1].search(/,\s*(:\w+\s*=>|\w+:\s)/);
    const positional = stringLiterals(optionAt < 0 ? pod[1] : pod[1].slice(0, optionAt));
    if (!positional[0]) continue;
    const requirements = positional.slice(1);
    const exact = requirements.length === 1 ? /^=?\s*(\d[\w.]*)$/.exec(requirements[0].trim())?.[1] ?? null : null;
    const depExtra: Record<string, unknown> = Object.fromEntries(optionAt < 0 ? [] : rubyHashPairs(pod[1].slice(optionAt)));
    const target = [...targets].reverse().find((t) => t);
    if (target) depExtra['target'] = target;
    dependencies.push({ purl: podPurl(positional[0], exact), extracted_requirement: requirements.join(', ') || null, scope: 'requires', is_pinned: exact !== null, extra_data: depExtra });
  }
  return [packageData('cocoapods_podfile', { type: 'cocoapods', primary_language: 'Objective-C', extra_data: extra, dependencies })];
}

export const podfileHandler: DatafileHandler = {
  datasourceId: 'cocoapods_podfile',
  pathPatterns: ['*Podfile'],
  ...POD_COMMON,
  description: 'Cocoapods Podfile',
  documentationUrl: 'https://guides.cocoapods.org/using/the-podfile.html',
  parse: ({ content }) => parsePodfile(content),
  assemble: assemblePods,
};
