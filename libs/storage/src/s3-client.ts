import { Client } from 'minio';

/** Where the bucket lives. `endpoint` is a URL: scheme picks TLS, the port defaults to 80/443. */
export interface S3Config {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  region: string;
  bucket: string;
}

/**
 * Builds the minio client for an endpoint URL. Path-style addressing (`host/bucket/key`) because
 * MinIO and s3rver serve buckets that way and a bucket sub-domain would need DNS; only AWS's own
 * endpoints get virtual-hosted style, which AWS requires for new buckets. The region is passed so
 * the client never spends a request asking the server for the bucket's location.
 */
export function createS3Client(cfg: S3Config): Client {
  let url: URL;
  try {
    url = new URL(cfg.endpoint);
  } catch {
    throw new Error(`S3 endpoint is not a URL: ${cfg.endpoint}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`S3 endpoint must be http:// or https://, got ${cfg.endpoint}`);
  }
  if (url.pathname !== '/' || url.search !== '' || url.username !== '') {
    throw new Error(`S3 endpoint must be a bare origin without path, query or credentials: ${cfg.endpoint}`);
  }
  const useSSL = url.protocol === 'https:';
  // URL.hostname keeps the brackets of an IPv6 literal; the client adds its own.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Client({
    endPoint: host,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: cfg.accessKey,
    secretKey: cfg.secretKey,
    region: cfg.region,
    pathStyle: !host.endsWith('.amazonaws.com'),
  });
}
