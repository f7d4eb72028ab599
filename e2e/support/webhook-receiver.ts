import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** One answer of a receiver's script; `hold` keeps the request open without answering (until stop). */
export type ReceiverStep = { status: number; headers?: Record<string, string> } | { hold: true };

/** A local webhook receiver: answers each path with the next step of its script (the last one repeats). */
export class Receiver {
  readonly received: Received[] = [];
  private readonly scripts = new Map<string, ReceiverStep[]>();
  private readonly held = new Set<http.ServerResponse>();
  private server!: http.Server;
  base = '';

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        const script = this.scripts.get(req.url ?? '') ?? [];
        const step = script.length > 1 ? script.shift()! : (script[0] ?? { status: 200 });
        if ('hold' in step) {
          this.held.add(res);
          return;
        }
        res.writeHead(step.status, step.headers ?? {}).end(step.status < 300 ? 'thanks' : 'nope');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  script(path: string, steps: ReceiverStep[]): string {
    this.scripts.set(path, steps);
    return `${this.base}${path}`;
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  stop(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
