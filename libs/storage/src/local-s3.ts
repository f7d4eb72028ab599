import { mkdir } from 'node:fs/promises';
import S3rver from 's3rver';
import { applyS3rverCompat } from './s3rver-compat';

export interface LocalS3Options {
  /** Where objects are kept, one directory per bucket (`var/s3` for `npm start`, a temp dir in tests). */
  directory: string;
  /** Loopback by default: the server checks no signatures, so it must not face a network. */
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  bucket: string;
  /** Default true; otherwise s3rver logs every request to the console in its own format. */
  silent?: boolean;
}

export interface LocalS3 {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  close(): Promise<void>;
}

/** s3rver's built-in account; it accepts any secret with SigV4 (signatures are not checked). */
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

/** A client cannot connect to "any address"; point it at the loopback of the same family. */
function clientHost(address: string, family: string): string {
  if (address === '0.0.0.0') return '127.0.0.1';
  if (address === '::') return '[::1]';
  return family === 'IPv6' ? `[${address}]` : address;
}

/**
 * Starts an S3-compatible server (s3rver) for machines without one: `npm start` on a bare machine
 * and the test suites (ARCHITECTURE §5). Resolves once it listens and `bucket` exists; data left in
 * `directory` by an earlier run is kept. Only the s3rver fixes in s3rver-compat make minio work
 * correctly against it, so always start it through here.
 */
export async function startLocalS3(opts: LocalS3Options): Promise<LocalS3> {
  await mkdir(opts.directory, { recursive: true });
  const server = new S3rver({
    address: opts.host ?? '127.0.0.1',
    port: opts.port ?? 0,
    directory: opts.directory,
    silent: opts.silent ?? true,
    // Otherwise any Host header that is not an IP or "localhost" (a container name, say) would be
    // read as a virtual-hosted bucket name and every request would go to the wrong bucket.
    vhostBuckets: false,
    configureBuckets: [{ name: opts.bucket }],
  });
  applyS3rverCompat(server, opts.directory);
  const address = await server.run();
  return {
    endpoint: `http://${clientHost(address.address, address.family)}:${address.port}`,
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    close: () => server.close(),
  };
}
