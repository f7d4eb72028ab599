import { createServer } from 'node:net';
import { freePort } from './free-port';

describe('freePort', () => {
  it('gives calls made side by side different ports, each free', async () => {
    const ports = await Promise.all(Array.from({ length: 10 }, () => freePort()));
    expect(new Set(ports).size).toBe(10);
    for (const port of ports) {
      expect(port).toBeLessThan(32768); // below the kernel's ephemeral range
      await new Promise<void>((resolve, reject) => {
        const server = createServer().once('error', reject);
        server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
      });
    }
  });

  it('passes over a port that is taken', async () => {
    const taken = await freePort();
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(taken + 1, '127.0.0.1', resolve));
    try {
      expect(await freePort()).not.toBe(taken + 1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
