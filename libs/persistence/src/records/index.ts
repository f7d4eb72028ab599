export * from './record-columns';
export * from './record-scope';
export * from './run-repositories';
