// First: its jest.mock calls make kysely, PGlite and Fastify loadable here.
import { createTestApp, signedInAdmin, type TestApp } from '../../../bff/test/support/testApp';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createDb, embeddedPglite } from '@phoenix/bff/src/db/connect';
import { servePgliteOverWire, type PgliteWire } from '@phoenix/bff/src/db/pgliteWire';
import { LONG_SESSIONS } from '../../../bff/test/support/system';
import { buildPointsApp } from '../../src/app';

export interface PointsTestApp {
  /** The BFF (sign-in, sessions, action log) on a fresh in-memory PGlite. */
  bff: TestApp;
  /** The points API, connected to the BFF's database over the wire with `pg`, as in `npm start`. */
  points: FastifyInstance;
  wire: PgliteWire;
  token: string;
  operatorToken: string;
  call(method: InjectOptions['method'], url: string, payload?: unknown, token?: string | null): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createPointsTestApp(): Promise<PointsTestApp> {
  const bff = await createTestApp(LONG_SESSIONS);
  const embedded = embeddedPglite(bff.db);
  if (!embedded) throw new Error('The points API tests run on the embedded database (PGlite)');
  const wire = await servePgliteOverWire(embedded.pglite, embedded.gate, { port: 0 });
  const db = createDb({ kind: 'postgres', connectionString: `postgres://postgres@127.0.0.1:${wire.port}/postgres`, maxConnections: 4 });
  const points = await buildPointsApp({ db, now: bff.clock.now, ...LONG_SESSIONS });
  const token = (await signedInAdmin(bff)).token;
  const operatorToken = (await signedInAdmin(bff, 1)).token;
  return {
    bff,
    points,
    wire,
    token,
    operatorToken,
    call(method, url, payload, callToken = token) {
      return points.inject({
        method,
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
        headers: callToken ? { token: callToken } : {},
      });
    },
    async close() {
      await points.close();
      await wire.stop();
      await bff.close();
    },
  };
}

/** Action-log rows of a target, newest first, read from the BFF's table. */
export function logsOf(t: PointsTestApp, targetType: string) {
  return t.bff.db.selectFrom('action_logs').selectAll().where('target_type', '=', targetType).orderBy('id', 'desc').execute();
}
