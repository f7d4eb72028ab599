import { type DynamicModule, Module } from '@nestjs/common';
import { OBJECT_STORAGE } from './object-storage';
import type { S3Config } from './s3-client';
import { S3ObjectStorage } from './s3-object-storage';

/**
 * Provides the ObjectStorage under OBJECT_STORAGE. Global because a process talks to one bucket,
 * so feature modules inject it without importing this module again. Creating the client makes no
 * request; call `ensureBucket()` at bootstrap where a missing bucket should be created.
 */
@Module({})
export class StorageModule {
  static forRoot(cfg: S3Config): DynamicModule {
    return {
      module: StorageModule,
      global: true,
      providers: [{ provide: OBJECT_STORAGE, useFactory: () => new S3ObjectStorage(cfg) }],
      exports: [OBJECT_STORAGE],
    };
  }
}
