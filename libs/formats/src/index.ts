export * from './scancode';
export * from './report';
export * from './cyclonedx';
export * from './spdx';
export * from './xlsx';
export * from './attribution';
export * from './results';
export * from './ort';
