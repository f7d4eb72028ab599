/**
 * `go_sum`: Go checksum files. Each `<module> <version>[/go.mod] h1:<hash>` line names a module
 * version used by the build: one pinned dependency per distinct module and version, as ScanCode.
 */
import type { DatafileHandler } from '../handler';
import { packageData, type DependencyInput, type PackageData } from '../package-data';
import { assembleGo } from './assemble';
import { goPurl } from './go-module-path';

export const goSumHandler: DatafileHandler = {
  datasourceId: 'go_sum',
  pathPatterns: ['*/go.sum'],
  defaultPackageType: 'golang',
  defaultPrimaryLanguage: 'Go',
  description: 'Go module cheksums file',
  documentationUrl: 'https://go.dev/ref/mod#go-sum-files',
  parse: ({ content }) => parseGoSum(content),
  assemble: assembleGo,
};

export function parseGoSum(content: Buffer): PackageData[] {
  const seen = new Set<string>();
  const dependencies: DependencyInput[] = [];
  content.toString('utf8').split(/\r?\n/).forEach((line, n) => {
    if (!line.trim()) return;
    const m = /^(\S+)\s+(\S+?)(?:\/go\.mod)?\s+h1:\S*\s*$/.exec(line);
    if (!m) throw new Error(`invalid go.sum: unexpected "${line.slice(0, 80)}" at line ${n + 1}`);
    const key = `${m[1]} ${m[2]}`;
    if (seen.has(key)) return;
    seen.add(key);
    dependencies.push({ purl: goPurl(m[1], m[2]), extracted_requirement: m[2], scope: 'dependency', is_runtime: true, is_optional: false, is_pinned: true });
  });
  return [packageData('go_sum', { type: 'golang', primary_language: 'Go', dependencies })];
}
