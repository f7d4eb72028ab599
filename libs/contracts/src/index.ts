export * from './records';
export * from './run-status';
export * from './messages';
export * from './rpc';
export * from './project-commands';
export * from './webhooks';
export * from './dto';
export * from './vocabulary';
