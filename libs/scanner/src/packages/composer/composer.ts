/**
 * `php_composer_json` and `php_composer_lock` (ScanCode packagedcode/phpcomposer.py). The lock's
 * packages and packages-dev are pinned dependencies carrying their full locked package.
 */
import { assembleFromManyDatafiles, datafileDir, type AssemblyContext } from '../assembly';
import type { DatafileHandler } from '../handler';
import { packageData, type DependencyInput, type PackageData } from '../package-data';
import { composerPackageData, isObject, parseJson } from './composer-data';

export function parseComposerJson(content: Buffer): PackageData[] {
  const json = parseJson(content, 'composer.json');
  if (!isObject(json)) throw new Error('invalid composer.json: not a JSON object');
  return [composerPackageData(json, 'php_composer_json')];
}

export function parseComposerLock(content: Buffer): PackageData[] {
  const json = parseJson(content, 'composer.lock');
  if (!isObject(json)) throw new Error('invalid composer.lock: not a JSON object');
  const locked = (key: string, isRuntime: boolean): DependencyInput[] =>
    (Array.isArray(json[key]) ? json[key] : []).filter(isObject).map((p) => {
      const resolved = composerPackageData(p, 'php_composer_lock');
      return {
        purl: resolved.purl, extracted_requirement: resolved.version, scope: isRuntime ? 'require' : 'require-dev',
        is_runtime: isRuntime, is_optional: !isRuntime, is_pinned: true, is_direct: false, resolved_package: resolved,
      };
    });
  const extra: Record<string, unknown> = {};
  if (typeof json['content-hash'] === 'string') extra['content_hash'] = json['content-hash'];
  return [packageData('php_composer_lock', {
    type: 'composer', primary_language: 'PHP', extra_data: extra,
    dependencies: [...locked('packages', true), ...locked('packages-dev', false)],
  })];
}

/** ScanCode BasePhpComposerHandler.assemble: composer.json + composer.lock, whole tree. */
function assembleComposer(ctx: AssemblyContext, path: string): void {
  assembleFromManyDatafiles(ctx, datafileDir(path), ['composer.json', 'composer.lock'], { linkTree: true });
  if (!ctx.isProcessed(path)) {
    // A prefixed name (`x.composer.json`) is not among the family's names: it stands on its own.
    for (const pd of ctx.codebase.packageData(path)) {
      const pkg = pd.purl ? ctx.createPackage(pd, path) : null;
      if (pkg) ctx.link(path, pkg);
      ctx.addDependencies(pd, path, pkg);
    }
    ctx.markProcessed(path);
  }
}

const COMMON = { defaultPackageType: 'composer', defaultPrimaryLanguage: 'PHP', assemble: assembleComposer } as const;

export const composerJsonHandler: DatafileHandler = {
  datasourceId: 'php_composer_json',
  pathPatterns: ['*composer.json'],
  ...COMMON,
  description: 'PHP composer manifest',
  documentationUrl: 'https://getcomposer.org/doc/04-schema.md',
  parse: ({ content }) => parseComposerJson(content),
};

export const composerLockHandler: DatafileHandler = {
  datasourceId: 'php_composer_lock',
  pathPatterns: ['*composer.lock'],
  ...COMMON,
  description: 'PHP composer lockfile',
  documentationUrl: 'https://getcomposer.org/doc/01-basic-usage.md#commit-your-composer-lock-file-to-version-control',
  parse: ({ content }) => parseComposerLock(content),
};
