// First: its jest.mock calls make kysely, PGlite and Fastify loadable here.
import { createTestApp, signedInAdmin, type TestApp } from './testApp';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { LONG_SESSIONS, testDatabaseUrl, type OpenApiDocument } from '@phoenix/server/testing';
import { createDb, embeddedPglite, servePgliteOverWire } from '@phoenix/server/db';
import type { Database as PointsDatabase } from '../../../points-api/src/db/database';
import { buildPointsApp } from '../../../points-api/src/app';

/**
 * The BFF and the points API on one test database, as deployed (the points API runs on the BFF's
 * database): the BFF's test app (its migrations), then the points API on the same database (over
 * the wire with `pg` on PGlite, as `npm start`; the file's own database on PostgreSQL).
 */
export interface BothServices {
  bff: TestApp;
  points: FastifyInstance;
  /** A signed-in role-2 owner's token: the points API accepts the BFF's session. */
  token: string;
  close(): Promise<void>;
}

export async function startBothServices(): Promise<BothServices> {
  const bff = await createTestApp(LONG_SESSIONS);
  const embedded = embeddedPglite(bff.db);
  let stopWire = async () => {};
  let connectionString: string;
  if (embedded) {
    const password = randomBytes(24).toString('hex');
    const wire = await servePgliteOverWire(embedded.pglite, embedded.gate, { port: 0, password });
    connectionString = `postgres://postgres:${password}@127.0.0.1:${wire.port}/postgres`;
    stopWire = () => wire.stop();
  } else {
    connectionString = testDatabaseUrl(bff.db)!;
  }
  const db: Kysely<PointsDatabase> = createDb<PointsDatabase>({ kind: 'postgres', connectionString, maxConnections: 4 });
  const points = await buildPointsApp({
    db,
    now: bff.clock.now,
    ...LONG_SESSIONS,
    requestLimits: { searchesPerMinute: 100_000, exportsPerMinute: 100_000 },
  });
  const { token } = await signedInAdmin(bff);
  return {
    bff,
    points,
    token,
    async close() {
      await points.close();
      await stopWire();
      await bff.close();
    },
  };
}

/** Both documents as each service serves them (GET /openapi.json, no token). */
export async function servedDocuments(both: Pick<BothServices, 'bff' | 'points'>): Promise<Record<'bff' | 'points', OpenApiDocument>> {
  const read = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/openapi.json' })).json<OpenApiDocument>();
  return { bff: await read(both.bff.app), points: await read(both.points) };
}
