export * from './load-config';
export * from './common.config';
export * from './service-version';
export * from './int-setting';
