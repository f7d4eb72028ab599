export * from './package-data';
export * from './handler';
export * from './fnmatch';
export * from './recognize';
export * from './license-fields';
export * from './registry';
export * from './assembly';
export * from './resolve/static-resolver';
