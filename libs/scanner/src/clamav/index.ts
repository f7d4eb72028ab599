export * from './clamd-address';
export * from './clamd-errors';
export * from './clamd-protocol';
export * from './clamd-client';
export * from './virus-scan';
