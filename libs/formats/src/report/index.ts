export * from './report-input';
export * from './output-names';
