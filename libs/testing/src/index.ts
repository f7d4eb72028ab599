export * from './test-database';
export * from './test-names';
export * from './sbom/spdx-validation';
export * from './sbom/cdx-validation';
