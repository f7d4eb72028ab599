import { createServer } from 'node:net';

/**
 * Ports handed out below the kernel's ephemeral range (32768-60999 on Linux), in a block of their
 * own for each Jest worker. A port the kernel picked for `listen(0)` was free only until the
 * listener closed: a stack starting in the other worker could be given the same port before this
 * one's service bound it, and a test then talked to the other stack's service (a 404 from its
 * project store). Below the ephemeral range no outgoing connection or `listen(0)` takes a port,
 * and the workers' blocks do not overlap.
 */
const FIRST_PORT = 15000;
const BLOCK = 2000;
const BLOCKS = 8;

/** Offset of the next port to try in this process's block: a random start, then in turn. */
let offset = -1;

/** Whether something can listen on `port` of 127.0.0.1 right now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port the kernel says is free right now (the fallback when a block is full). */
function kernelPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A TCP port free right now on 127.0.0.1, from this Jest worker's block. */
export async function freePort(): Promise<number> {
  const worker = Number(process.env.JEST_WORKER_ID ?? 0) % BLOCKS;
  const first = FIRST_PORT + worker * BLOCK;
  for (let tries = 0; tries < 100; tries++) {
    offset = offset < 0 ? Math.floor(Math.random() * BLOCK) : (offset + 1) % BLOCK;
    // Taken now: calls made side by side each try their own port.
    const port = first + offset;
    if (await canListen(port)) return port;
  }
  return kernelPort();
}
