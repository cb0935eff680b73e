import { createTestApp, TEST_PASSWORD_HASH, type TestApp } from './support/testApp';
import net from 'node:net';
import { buildApp } from '../src/app';
import { createDb, embeddedPglite } from '@phoenix/server/db';
import { createScratchDatabase } from '@phoenix/server/testing';

/**
 * /ready: 200 when the database answers, the migrations are current and the job runner runs;
 * 503 naming the failed check otherwise. /health keeps answering: the process lives.
 */

const ready = (t: { app: TestApp['app'] }) => t.app.inject({ method: 'GET', url: '/ready' });

test('ready on a migrated database with its jobs started; 503 with a migration pending', async () => {
  const t = await createTestApp();
  try {
    const response = await ready(t);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } });
    expect(response.headers['cache-control']).toBe('no-store'); // a probe never reads a cached answer
    const readyMetric = async () =>
      /^phoenix_ready\{service="bff"\} (\d)$/m.exec((await t.app.inject({ method: 'GET', url: '/metrics' })).body)?.[1];
    expect(await readyMetric()).toBe('1'); // the last answer, for an alert on /metrics

    await t.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '0017_action_log_request_id' as never)
      .execute();
    const behind = await ready(t);
    expect(behind.statusCode).toBe(503);
    expect(behind.json()).toEqual({ ok: false, checks: { database: 'ok', migrations: '1 pending', jobs: 'ok' }, failed: ['migrations'] });
    expect(await readyMetric()).toBe('0');
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  } finally {
    await t.close();
  }
});

/** A TCP relay to PostgreSQL that the test can cut and restore: the database becomes unreachable. */
async function relayTo(host: string, port: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(port, host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayPort = (server.address() as net.AddressInfo).port;
  return {
    port: relayPort,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    async restore() {
      await new Promise<void>((resolve) => server.listen(relayPort, '127.0.0.1', resolve));
    },
  };
}

test('503 while the database is unreachable, 200 again once it answers (PostgreSQL: a cut connection; PGlite: a closed database)', async () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    // The embedded database refuses every query for a while (closing it for real would leave the
    // app's job runner calling a dead PGlite after this file, failing whichever test runs next).
    const t = await createTestApp();
    const pglite = embeddedPglite(t.db)!.pglite;
    const query = pglite.query.bind(pglite);
    try {
      expect((await ready(t)).statusCode).toBe(200);
      pglite.query = (() => Promise.reject(new Error('PGlite is closed'))) as typeof pglite.query;
      const response = await ready(t);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        ok: false,
        checks: { database: 'unreachable', migrations: 'not checked', jobs: 'ok' },
        failed: ['database'],
      });
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      pglite.query = query;
      expect((await ready(t)).statusCode).toBe(200);
    } finally {
      pglite.query = query;
      await t.close();
    }
    return;
  }

  const database = await createScratchDatabase('ready');
  const target = new URL(database.url);
  const relay = await relayTo(target.hostname, Number(target.port || 5432));
  const viaRelay = new URL(database.url);
  viaRelay.hostname = '127.0.0.1';
  viaRelay.port = String(relay.port);
  const db = createDb({ kind: 'postgres', connectionString: viaRelay.toString(), maxConnections: 3 });
  const app = await buildApp({ db, passwordHash: TEST_PASSWORD_HASH });
  try {
    expect((await ready({ app })).statusCode).toBe(200);
    await relay.cut();
    const response = await ready({ app });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ ok: false, checks: { database: 'unreachable' }, failed: expect.arrayContaining(['database']) });
    expect(response.body).not.toContain(String(relay.port)); // connection details stay in the log
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    await relay.restore();
    expect((await ready({ app })).statusCode).toBe(200);
  } finally {
    await app.close();
    await relay.cut();
    await database.drop();
  }
});
