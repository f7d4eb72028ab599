export * from './sql-fragments';
export * from './record-filters';
export * from './record-lists';
export * from './run-serializer';
export * from './license-detection-list';
export * from './project-record-list';
