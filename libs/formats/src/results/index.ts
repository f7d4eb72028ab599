export * from './results-json';
