/**
 * Swift package handlers (ScanCode packagedcode/swift.py): Package.swift.json (the JSON dump of a
 * manifest), Package.resolved and DepLock's swift-show-dependencies.deplock.
 */
import type { DatafileHandler } from '../handler';
import { assembleSwift } from './assemble';
import { MANIFEST_DATASOURCE, parseManifestJson } from './manifest-json';
import { parsePackageResolved, RESOLVED_DATASOURCE } from './package-resolved';
import { parseShowDependencies, SHOW_DEPENDENCIES_DATASOURCE } from './show-dependencies';

export const swiftManifestJsonHandler: DatafileHandler = {
  datasourceId: MANIFEST_DATASOURCE,
  pathPatterns: ['*/Package.swift.json', '*/Package.swift.deplock'],
  defaultPackageType: 'swift',
  defaultPrimaryLanguage: 'Swift',
  description: 'JSON dump of Package.swift created by DepLock or with ``swift package dump-package > Package.swift.json``',
  documentationUrl: 'https://docs.swift.org/package-manager/PackageDescription/PackageDescription.html',
  parse: ({ path, content }) => parseManifestJson(content, path.endsWith('.deplock') ? 'Package.swift.deplock' : 'Package.swift.json'),
  assemble: assembleSwift,
};

export const swiftPackageResolvedHandler: DatafileHandler = {
  datasourceId: RESOLVED_DATASOURCE,
  pathPatterns: ['*/Package.resolved', '*/.package.resolved'],
  defaultPackageType: 'swift',
  defaultPrimaryLanguage: 'swift',
  description: 'Resolved full dependency lockfile for Package.swift created with ``swift package resolve``',
  documentationUrl: 'https://docs.swift.org/package-manager/PackageDescription/PackageDescription.html#package-dependency',
  parse: ({ content }) => parsePackageResolved(content),
  assemble: assembleSwift,
};

export const swiftShowDependenciesHandler: DatafileHandler = {
  datasourceId: SHOW_DEPENDENCIES_DATASOURCE,
  pathPatterns: ['*/swift-show-dependencies.deplock'],
  defaultPackageType: 'swift',
  defaultPrimaryLanguage: 'Swift',
  description: 'Swift dependency graph created by DepLock',
  documentationUrl: 'https://forums.swift.org/t/swiftpm-show-dependencies-without-fetching-dependencies/51154',
  parse: ({ content }) => parseShowDependencies(content),
  assemble: assembleSwift,
};

export const handlers: DatafileHandler[] = [swiftManifestJsonHandler, swiftPackageResolvedHandler, swiftShowDependenciesHandler];
