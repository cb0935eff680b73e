// First: its jest.mock calls make kysely (ESM-only), PGlite and Fastify loadable in jest.
import '@phoenix/server/testing';
import net from 'node:net';
import { PortInUseError, ensurePortsFree, rethrowInUse } from '@phoenix/server';

/** A listener on a system-chosen port (never a default one: another console may run here). */
function holdPort(host?: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host ?? '127.0.0.1', () => resolve(server));
  });
}
const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;
const close = (server: net.Server) => new Promise((resolve) => server.close(resolve));

describe('ports a service needs (main.ts: checked before the database is opened)', () => {
  test('a taken port is refused, naming the port and its variable', async () => {
    const held = await holdPort();
    try {
      const port = portOf(held);
      await expect(ensurePortsFree([[port, 'PGLITE_WIRE_PORT']])).rejects.toThrow(`port ${port} (PGLITE_WIRE_PORT) is already in use`);
      await expect(ensurePortsFree([[port, 'PGLITE_WIRE_PORT']])).rejects.toBeInstanceOf(PortInUseError);
    } finally {
      await close(held);
    }
  });

  test('a port taken on another address (IPv6 loopback) is taken too', async () => {
    const held = await holdPort('::1').catch(() => null);
    if (!held) return; // no IPv6 here
    try {
      await expect(ensurePortsFree([[portOf(held), 'PORT']])).rejects.toThrow('(PORT) is already in use');
    } finally {
      await close(held);
    }
  });

  test('free, unused (null) and any-port (0) entries pass', async () => {
    const held = await holdPort();
    const port = portOf(held);
    await close(held);
    await expect(
      ensurePortsFree([
        [port, 'PORT'],
        [null, 'PGLITE_WIRE_PORT'],
        [0, 'X'],
      ]),
    ).resolves.toBeUndefined();
  });

  test('a listen that loses the port meanwhile (EADDRINUSE) becomes the same error; others pass through', () => {
    const inUse = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
    expect(() => rethrowInUse(8, 'PORT')(inUse)).toThrow('port 8 (PORT) is already in use');
    const other = new Error('EACCES');
    expect(() => rethrowInUse(8, 'PORT')(other)).toThrow(other);
  });
});
