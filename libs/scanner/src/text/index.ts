export * from './binary';
export * from './text-lines';
