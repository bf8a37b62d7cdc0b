import {createServer} from 'node:net';

/**
 * A loopback port nobody listens on now, for a server or redis-server a test
 * or the benchmark starts (Jest's server tests, e2e/, bench/sandbox/).
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
