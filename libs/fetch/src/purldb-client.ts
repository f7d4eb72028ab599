import got from 'got';

/** How to reach a PurlDB (ScanCode.io's PURLDB_URL, PURLDB_USER/PURLDB_PASSWORD, PURLDB_API_KEY). */
export interface PurlDbSettings {
  url: string;
  user?: string;
  password?: string;
  apiKey?: string;
  timeoutMs?: number;
}

type Json = Record<string, unknown>;
interface Page {
  count?: number;
  next?: string | null;
  results?: Json[];
}

const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * The PurlDB calls of deploy-to-develop, as ScanCode.io's purldb pipe makes them: HEAD on the
 * API root for availability, the checksum matchers as form POSTs (every page followed with the
 * same form), the directory matcher and package details as GETs with `format=json`. A failed
 * request answers "nothing found", as there; only availability is asked first.
 */
export class PurlDbClient {
  private readonly api: string;
  private readonly headers: Record<string, string>;
  private readonly timeoutMs: number;

  constructor(settings: PurlDbSettings) {
    this.api = `${settings.url.replace(/\/+$/, '')}/api/`;
    this.timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.headers = {};
    if (settings.user && settings.password) this.headers.authorization = `Basic ${Buffer.from(`${settings.user}:${settings.password}`).toString('base64')}`;
    if (settings.apiKey) this.headers.authorization = `Token ${settings.apiKey}`;
  }

  async isAvailable(): Promise<boolean> {
    try {
      const res = await got.head(this.api, { headers: this.headers, timeout: { request: this.timeoutMs }, throwHttpErrors: false, retry: { limit: 0 } });
      return res.statusCode === 200;
    } catch {
      return false;
    }
  }

  /** Packages whose archive has one of the sha1s (`packages/filter_by_checksums/`). */
  matchPackages(sha1s: readonly string[], enhancePackageData: boolean): Promise<Json[]> {
    return this.postAllPages(`${this.api}packages/filter_by_checksums/`, { sha1: sha1s, enhance_package_data: enhancePackageData });
  }

  /** Package resources with one of the sha1s (`resources/filter_by_checksums/`), each naming its package's URL. */
  matchResources(sha1s: readonly string[]): Promise<Json[]> {
    return this.postAllPages(`${this.api}resources/filter_by_checksums/`, { sha1: sha1s });
  }

  /** Directory matches of a content fingerprint (`approximate_directory_content_index/match/`). */
  async matchDirectory(fingerprint: string): Promise<Json[]> {
    const found = await this.getJson(`${this.api}approximate_directory_content_index/match/`, { fingerprint });
    return Array.isArray(found) ? (found as Json[]) : [];
  }

  /** A JSON document of the API (a package's details), or null when the request fails. */
  async getJson(url: string, query: Record<string, string> = {}): Promise<unknown> {
    try {
      const searchParams = new URLSearchParams(query);
      if (!url.includes('format=json')) searchParams.set('format', 'json');
      return await got.get(url, { headers: this.headers, searchParams, timeout: { request: this.timeoutMs }, retry: { limit: 0 } }).json();
    } catch {
      return null;
    }
  }

  private async postAllPages(url: string, data: Record<string, readonly string[] | boolean>): Promise<Json[]> {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(data)) {
      // As Python requests encodes a form: one pair per list item, booleans as True/False.
      if (Array.isArray(value)) for (const v of value) form.append(key, v);
      else form.append(key, value ? 'True' : 'False');
    }
    const results: Json[] = [];
    let next: string | null | undefined = url;
    while (next) {
      const page: Page | null = await this.postForm(next, form);
      if (!page?.count) break;
      results.push(...(page.results ?? []));
      next = page.next;
    }
    return results;
  }

  private async postForm(url: string, form: URLSearchParams): Promise<Page | null> {
    try {
      const headers = { ...this.headers, 'content-type': 'application/x-www-form-urlencoded' };
      return await got.post(url, { headers, body: form.toString(), timeout: { request: this.timeoutMs }, retry: { limit: 0 } }).json<Page>();
    } catch {
      return null;
    }
  }
}
