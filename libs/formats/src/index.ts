export * from './scancode';
export * from './report';
