export * from './cyclonedx-writer';
export { SCAN_NOTICE, SBOM_TOOL_NAME } from './scan-notice';
