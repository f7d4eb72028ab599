export { detectSbom, mayBeSbom } from './detect';
export { parseSbom } from './parse-sbom';
export { SPDX_DATASOURCE_ID } from './spdx-package';
export { CYCLONEDX_DATASOURCE_ID } from './cyclonedx-component';
export * from './types';
