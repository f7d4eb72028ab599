import type { BucketItem, Client } from 'minio';

/*
 * ListObjectsV2 paging. minio's own listObjectsV2 returns a Node stream; driving the query directly
 * gives an async iterator that fetches the next page only when the caller asks for it.
 */

const PAGE_SIZE = 1000;

/** Every entry of every page: objects, and with a delimiter also common prefixes. */
export async function* listEntries(client: Client, bucket: string, prefix: string, delimiter: string): AsyncGenerator<BucketItem> {
  let token = '';
  do {
    const page = await client.listObjectsV2Query(bucket, prefix, token, delimiter, PAGE_SIZE, '');
    yield* page.objects;
    // Guard against a server that says "truncated" without a token: stop rather than loop forever.
    token = page.isTruncated ? page.nextContinuationToken : '';
  } while (token);
}

/** Names directly under a directory prefix (ending with '/'), sorted and without duplicates. */
export async function listNamesUnder(client: Client, bucket: string, dir: string): Promise<string[]> {
  const names = new Set<string>(); // a name can be both an object and a common prefix
  for await (const item of listEntries(client, bucket, dir, '/')) {
    const name = (item.name ?? item.prefix).slice(dir.length).replace(/\/$/, '');
    if (name) names.add(name);
  }
  return [...names].sort();
}
