/**
 * Dart pub handlers (ScanCode packagedcode/pubspec.py): pubspec.yaml and pubspec.lock, assembled
 * together into one package linked to its directory tree.
 */
import { assembleFromManyDatafiles, datafileDir, type AssemblyContext } from '../assembly';
import type { DatafileHandler } from '../handler';
import { parsePubspecLock, PUBSPEC_LOCK } from './pubspec-lock';
import { parsePubspecYaml, PUBSPEC_YAML } from './pubspec-yaml';

/** ScanCode BaseDartPubspecHandler.assemble: both datafiles of a directory, whole tree. */
function assemblePubspec(ctx: AssemblyContext, path: string): void {
  assembleFromManyDatafiles(ctx, datafileDir(path), ['*pubspec.yaml', '*pubspec.lock'], { linkTree: true });
}

const COMMON = { defaultPackageType: 'pubspec', defaultPrimaryLanguage: 'dart', assemble: assemblePubspec } as const;

export const pubspecYamlHandler: DatafileHandler = {
  datasourceId: PUBSPEC_YAML,
  pathPatterns: ['*pubspec.yaml'],
  ...COMMON,
  description: 'Dart pubspec manifest',
  documentationUrl: 'https://dart.dev/tools/pub/pubspec',
  parse: ({ content }) => parsePubspecYaml(content),
};

export const pubspecLockHandler: DatafileHandler = {
  datasourceId: PUBSPEC_LOCK,
  pathPatterns: ['*pubspec.lock'],
  ...COMMON,
  description: 'Dart pubspec lockfile',
  documentationUrl: 'https://web.archive.org/web/20220330081004/https://gpalma.pt/blog/what-is-the-pubspec-lock/',
  parse: ({ content }) => parsePubspecLock(content),
};

export const handlers: DatafileHandler[] = [pubspecYamlHandler, pubspecLockHandler];
