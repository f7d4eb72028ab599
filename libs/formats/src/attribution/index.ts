export * from './license-expression';
export * from './template-engine';
export * from './attribution-context';
export * from './default-template';
export * from './render-attribution';
