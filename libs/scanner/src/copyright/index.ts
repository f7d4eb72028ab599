export { detectCopyrights, type CopyrightScan, type CopyrightOptions } from './detect-copyrights';
