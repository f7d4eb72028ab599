export * from './object-storage';
export * from './storage.errors';
export * from './storage-keys';
export { type S3Config } from './s3-client';
export { S3ObjectStorage, type S3ObjectStorageOptions } from './s3-object-storage';
export { startLocalS3, type LocalS3, type LocalS3Options } from './local-s3';
export { StorageModule } from './storage.module';
export { storageFromSettings, type S3Settings } from './storage-from-settings';
export { walkFiles } from './local-files';
