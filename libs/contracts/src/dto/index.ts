export * from './drf-messages';
export * from './validators';
export * from './project.dto';
