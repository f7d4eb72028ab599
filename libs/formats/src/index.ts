export * from './scancode';
