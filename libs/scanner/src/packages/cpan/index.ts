/**
 * CPAN (Perl) handlers: META.json and META.yml. Datasource ids and patterns are ScanCode 32's
 * (packagedcode/misc.py), where they only identify the files; the parsing is this project's.
 */
import { parse as parseYaml } from 'yaml';
import { assembleFromManyDatafiles, datafileDir, type AssemblyContext } from '../assembly';
import type { DatafileHandler } from '../handler';
import { cpanPackageData, isObject, type Meta } from './cpan-meta';

function load(content: Buffer, what: string, parse: (s: string) => unknown): Meta {
  let data: unknown;
  try {
    data = parse(content.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new Error(`invalid ${what}: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!isObject(data)) throw new Error(`invalid ${what}: not a mapping`);
  return data;
}

/**
 * META.json and META.yml describe the same distribution: one package linked to the distribution
 * tree (ScanCode 32 has no assembly for them).
 */
function assembleCpan(ctx: AssemblyContext, path: string): void {
  assembleFromManyDatafiles(ctx, datafileDir(path), ['META.json', 'META.yml'], { linkTree: true });
}

export const cpanMetaJsonHandler: DatafileHandler = {
  datasourceId: 'cpan_meta_json',
  pathPatterns: ['*/META.json'],
  defaultPackageType: 'cpan',
  defaultPrimaryLanguage: 'Perl',
  description: 'CPAN Perl META.json',
  documentationUrl: 'https://metacpan.org/pod/Parse::CPAN::Meta',
  parse: ({ content }) => [cpanPackageData(load(content, 'META.json', JSON.parse), 'cpan_meta_json')],
  assemble: assembleCpan,
};

export const cpanMetaYmlHandler: DatafileHandler = {
  datasourceId: 'cpan_meta_yml',
  pathPatterns: ['*/META.yml'],
  defaultPackageType: 'cpan',
  defaultPrimaryLanguage: 'Perl',
  description: 'CPAN Perl META.yml',
  documentationUrl: 'https://metacpan.org/pod/CPAN::Meta::YAML',
  // The failsafe schema keeps scalars as written: `perl: 5.010` stays "5.010".
  parse: ({ content }) => [cpanPackageData(load(content, 'META.yml', (s) => parseYaml(s, { schema: 'failsafe' })), 'cpan_meta_yml')],
  assemble: assembleCpan,
};

export const handlers: DatafileHandler[] = [cpanMetaJsonHandler, cpanMetaYmlHandler];
