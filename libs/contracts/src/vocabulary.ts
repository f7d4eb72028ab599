/**
 * The words steps and services exchange through the database: a status set by one step takes a
 * resource out of every later step, so these strings are the contract between steps and must
 * be ScanCode.io's, character for character (reference §2.6 and the map types of §1.16).
 */

/** CodebaseResource.status values (ScanCode.io's scanpipe/pipes/flag.py and the two set elsewhere). */
export const RESOURCE_STATUS = {
  // Neutral
  none: '',
  scanned: 'scanned',
  scannedWithError: 'scanned-with-error',
  notAnalyzed: 'not-analyzed',
  readError: 'resource-read-error',
  symlink: 'symlink',
  // Packages
  systemPackage: 'system-package',
  applicationPackage: 'application-package',
  installedPackage: 'installed-package',
  // License outcome
  noLicenses: 'no-licenses',
  unknownLicense: 'unknown-license',
  // Ignored
  ignoredWhiteout: 'ignored-whiteout',
  ignoredEmptyFile: 'ignored-empty-file',
  ignoredWhitespaceFile: 'ignored-whitespace-file',
  ignoredDirectory: 'ignored-directory',
  ignoredPattern: 'ignored-pattern',
  ignoredMediaFile: 'ignored-media-file',
  ignoredNotInteresting: 'ignored-not-interesting',
  ignoredDefaultIgnores: 'ignored-default-ignores',
  ignoredDataFileNoClues: 'ignored-data-file-no-clues',
  ignoredDocFile: 'ignored-doc-file',
  ignoredFromConfig: 'ignored-from-config',
  ignoredByMaxFileSize: 'ignored-by-max-file-size',
  // Compliance checks
  complianceLicenses: 'compliance-licenses',
  complianceSourcemirror: 'compliance-sourcemirror',
  // Deploy-to-develop
  aboutMapped: 'about-mapped',
  mapped: 'mapped',
  mappedBySymbol: 'mapped-by-symbol',
  archiveProcessed: 'archive-processed',
  matchedToPurldbPackage: 'matched-to-purldb-package',
  matchedToPurldbResource: 'matched-to-purldb-resource',
  matchedToPurldbDirectory: 'matched-to-purldb-directory',
  npmPackageLookup: 'npm-package-lookup',
  requiresReview: 'requires-review',
  reviewDanglingLegalFile: 'review-dangling-legal-file',
  notDeployed: 'not-deployed',
} as const;
export type ResourceStatus = (typeof RESOURCE_STATUS)[keyof typeof RESOURCE_STATUS];

/** CodebaseRelation.map_type values (the 26 of deploy-to-develop). */
export const RELATION_MAP_TYPE = {
  sha1: 'sha1',
  aboutFile: 'about_file',
  javaToClass: 'java_to_class',
  scalaToClass: 'scala_to_class',
  kotlinToClass: 'kotlin_to_class',
  grammarToClass: 'grammar_to_class',
  groovyToClass: 'groovy_to_class',
  aspectjToClass: 'aspectj_to_class',
  clojureToClass: 'clojure_to_class',
  xtendToClass: 'xtend_to_class',
  jarToSource: 'jar_to_source',
  jsCompiled: 'js_compiled',
  jsPath: 'js_path',
  jsColocation: 'js_colocation',
  javascriptSymbols: 'javascript_symbols',
  javascriptStrings: 'javascript_strings',
  dwarfCompiledPaths: 'dwarf_compiled_paths',
  dwarfIncludedPaths: 'dwarf_included_paths',
  goFilePaths: 'go_file_paths',
  elfSymbols: 'elf_symbols',
  machoSymbols: 'macho_symbols',
  winpeSymbols: 'winpe_symbols',
  rustSymbols: 'rust_symbols',
  pythonPyxMatch: 'python_pyx_match',
  protobufMapping: 'protobuf_mapping',
  path: 'path',
} as const;
export type RelationMapType = (typeof RELATION_MAP_TYPE)[keyof typeof RELATION_MAP_TYPE];
