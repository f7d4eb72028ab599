export * from './entities';
export * from './data-source';
export * from './bulk-insert';
export * from './batch-writer';
export * from './stream-query';
export * from './records';
export * from './rows-of';
export * from './queries';
