export * from './types';
export { detectLicenses, detectLicenseInText } from './detect-licenses';
export { spdxToScancode, scancodeToSpdx } from './license-keys';
export { getLicenseIndex } from './license-index';
export { parseExpression, renderExpression, expressionSymbols, combineAnd } from './expression';
export { licenseText, type LicenseText } from './license-texts';
export { undetectedStatement } from './undetected';
export { wordTokens } from './tokenize';
