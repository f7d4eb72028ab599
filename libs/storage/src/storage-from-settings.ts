import { S3ObjectStorage } from './s3-object-storage';

/** The S3 variables every service's config carries (libs/config CommonConfig). */
export interface S3Settings {
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY: string;
  S3_SECRET_KEY: string;
  S3_REGION: string;
  S3_BUCKET: string;
}

/** Builds the storage client a service uses; a missing endpoint is a clear startup error. */
export function storageFromSettings(s: S3Settings): S3ObjectStorage {
  if (!s.S3_ENDPOINT) throw new Error('S3_ENDPOINT is not set (npm start runs a local S3 server and sets it)');
  return new S3ObjectStorage({ endpoint: s.S3_ENDPOINT, accessKey: s.S3_ACCESS_KEY, secretKey: s.S3_SECRET_KEY, region: s.S3_REGION, bucket: s.S3_BUCKET });
}
