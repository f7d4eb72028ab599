export * from './report-input';
