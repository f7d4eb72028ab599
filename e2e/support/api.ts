import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** A small HTTP client for the tests: JSON in, JSON (or text) out, status and headers kept. */
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export class Api {
  constructor(readonly baseUrl: string, private readonly token?: string) {}

  withToken(token: string): Api {
    return new Api(this.baseUrl, token);
  }

  async request<T = any>(method: string, path: string, init: { json?: unknown; form?: FormData | URLSearchParams; headers?: Record<string, string>; raw?: string } = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (this.token) headers.authorization = `Token ${this.token}`;
    let body: string | FormData | URLSearchParams | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.raw !== undefined) {
      body = init.raw;
    } else if (init.form) {
      body = init.form;
    }
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers });
  }

  post<T = any>(path: string, json?: unknown) {
    return this.request<T>('POST', path, json === undefined ? {} : { json });
  }

  postForm<T = any>(path: string, form: FormData | URLSearchParams) {
    return this.request<T>('POST', path, { form });
  }

  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }

  /**
   * Creates a project from one uploaded file with one pipeline, started at once, and waits for
   * the run to end; returns the create answer and the run details.
   */
  async runUpload(opts: { name: string; pipeline: string; file: string; settings?: Record<string, unknown> }, timeoutMs = 120_000): Promise<{ project: any; run: any }> {
    const form = new FormData();
    form.set('name', opts.name);
    form.set('pipeline', opts.pipeline);
    form.set('execute_now', 'true');
    if (opts.settings) form.set('settings', JSON.stringify(opts.settings));
    form.set('upload_file', new Blob([readFileSync(opts.file)]), basename(opts.file));
    const created = await this.postForm('/api/projects/', form);
    if (created.status !== 201) throw new Error(`project not created (${created.status}): ${created.text}`);
    return { project: created.body, run: await this.waitForRun(created.body.runs[0].url, undefined, timeoutMs) };
  }

  /** Polls a run until `done(status)` or the timeout; returns the last run details. */
  async waitForRun(runUrl: string, done: (status: string) => boolean = (s) => !['queued', 'running', 'not_started'].includes(s), timeoutMs = 60_000): Promise<any> {
    const path = runUrl.replace(this.baseUrl, '');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { body } = await this.get(path);
      if (done(body.status)) return body;
      if (Date.now() > deadline) throw new Error(`run ${path} still ${body.status} after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
