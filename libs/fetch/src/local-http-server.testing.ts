import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A real HTTP server on 127.0.0.1 and a random port, so fetch tests exercise got end to end. */
export interface LocalHttpServer {
  port: number;
  /** `http://127.0.0.1:<port><path>` */
  url(path: string): string;
  /** Request headers of every request, in order, for assertions on what was sent. */
  received: http.IncomingHttpHeaders[];
  close(): Promise<void>;
}

export async function startLocalHttpServer(routes: Record<string, Route>): Promise<LocalHttpServer> {
  const received: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    received.push(req.headers);
    const route = routes[new URL(req.url ?? '/', 'http://local').pathname];
    if (route) return route(req, res);
    res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    close: async () => {
      // Some routes stall on purpose; drop their sockets so close() does not wait for them.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
