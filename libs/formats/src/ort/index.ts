export * from './ort-package-list';
