export * from './path-suffix-index';
export * from './ecosystem-config';
export * from './jvm-languages';
export * from './file-names';
export * from './line-similarity';
export * from './directory-fingerprint';
export * from './about-file';
export * from './elf-symbols';
