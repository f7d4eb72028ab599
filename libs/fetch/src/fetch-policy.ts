/** The rules every input fetch follows (http(s) downloads and docker:// pulls alike). */

export const DEFAULT_FETCH_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_REDIRECTS = 10;

export interface FetchPolicy {
  /** FETCH_ALLOWED_HOSTS: names and CIDR ranges that may be fetched although non-public. */
  allowedHosts: string[];
  /** Size limit of one download (of all blobs of one image), in bytes. */
  maxBytes: number;
  /** Connect/response timeout and the longest a transfer may stall (not its total duration). */
  timeoutMs: number;
  maxRedirects?: number;
  /** Sent to the URL's own origin only; dropped when a redirect leaves it. */
  headers?: Record<string, string>;
}

/** Per-input options: the abort signal of the run, and what a project's settings choose. */
export interface FetchOptions {
  signal?: AbortSignal;
  /** `os/arch[/variant]` of a multi-arch docker:// image (linux/amd64 when not given). */
  dockerPlatform?: string;
}

/** One input file written in the destination directory. */
export interface FetchedInput {
  filename: string;
  path: string;
  size: number;
  finalUrl: string;
  contentType?: string;
}
