export * from './assemble';
export * from './codebase-view';
export * from './context';
export * from './helpers';
export * from './records';
