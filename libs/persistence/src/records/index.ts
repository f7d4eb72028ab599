export * from './record-columns';
export * from './scan-record-writer';
