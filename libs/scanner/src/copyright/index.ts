export { detectCopyrights, copyrightsWithoutYears, type CopyrightScan, type CopyrightOptions } from './detect-copyrights';
