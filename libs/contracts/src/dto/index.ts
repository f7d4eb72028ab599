// class-transformer's decorators read design-time types: the metadata API must be loaded first.
import 'reflect-metadata';
export * from './drf-messages';
export * from './validators';
export * from './project.dto';
