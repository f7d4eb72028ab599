export * from './spdx-writer';
export type { ExtractedLicenseDetails, LicenseRefResolver } from './spdx-licenses';
export { spdxTagValue } from './spdx-tag-value';
