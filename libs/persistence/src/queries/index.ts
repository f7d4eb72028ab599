export * from './sql-fragments';
export * from './record-filters';
export * from './record-lists';
export * from './run-serializer';
