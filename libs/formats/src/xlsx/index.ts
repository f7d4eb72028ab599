export * from './cell-value';
export * from './python-str';
export * from './sheet-columns';
export * from './sheet-writer';
export * from './record-rows';
export * from './results-xlsx';
export * from './projects-report-xlsx';
