import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type Dialect, type Driver, type KyselyConfig } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { acquireDataFolderLock, type DataFolderLock } from './lock';
import { pgliteInWorker } from './pgliteWorker';
import { SessionGate } from './pgliteWire';

export type DbTarget =
  /** A PostgreSQL server (node-postgres pool). */
  | { kind: 'postgres'; connectionString: string; maxConnections?: number; searchPath?: string }
  /**
   * Embedded PGlite; no dataDir = in memory. `servedOverWire`: on this thread, with its session
   * gate, so main.ts can serve it to the points API (db/pgliteWire.ts); otherwise on disk it runs on
   * a worker thread. `loadDataDir` (in memory only): a dumped cluster to start from instead of running
   * initdb, which costs seconds in WASM (the test suites start from one snapshot per machine).
   */
  | { kind: 'pglite'; dataDir?: string; servedOverWire?: boolean; loadDataDir?: Blob };

/**
 * The one place that picks a dialect: the rest of a service only sees Kysely<DB> (the caller names
 * its Database type). `log`: Kysely's query log (the plan suite records every query a request runs).
 */
export function createDb<DB = any>(target: DbTarget, { log }: Pick<KyselyConfig, 'log'> = {}): Kysely<DB> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.connectionString,
      max: target.maxConnections ?? 10,
      ...(target.searchPath ? { options: `-c search_path=${target.searchPath}` } : {}),
    });
    // A connection lost (the server restarted, the network dropped it) emits 'error': on the pool
    // for an idle one, on the client for one checked out (between two statements of a transaction).
    // Unheard, either ends the process. The statement in progress fails on its own; the pool discards
    // the dead client and the next query opens another; /ready reports the database unreachable.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    return withRawConnection(new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log }), { kind: 'postgres', pool });
  }
  // pg_trgm: trigram indexes for substring search, as on PostgreSQL (migration 0010).
  // In memory (tests, a throwaway BFF) or served over the wire: on this thread. On disk otherwise
  // (the BFF's data): on a worker thread, so a long query never holds the BFF's other requests
  // (db/pgliteWorker.ts). The wire server needs PGlite's protocol API on its own thread.
  const onThisThread = (dataDir?: string, loadDataDir?: Blob) => {
    const pglite = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}), extensions: { pg_trgm } });
    const gate = new SessionGate();
    const dialect = gatedDialect(new PGliteDialect(yieldingBetweenQueries(pglite)), gate);
    const remember = (db: Kysely<DB>) => {
      embedded.set(db, { pglite, gate });
      return withRawConnection(db, { kind: 'pglite', pglite });
    };
    return { dialect, remember };
  };
  if (!target.dataDir) {
    const opened = onThisThread(undefined, target.loadDataDir);
    return opened.remember(new Kysely<DB>({ dialect: opened.dialect, log }));
  }

  // Refuse before touching the folder if another process has it open (see db/lock.ts).
  const lock = acquireDataFolderLock(target.dataDir);
  try {
    fs.mkdirSync(target.dataDir, { recursive: true });
    if (target.servedOverWire) {
      const opened = onThisThread(target.dataDir);
      return opened.remember(new Kysely<DB>({ dialect: releasingOnDestroy(opened.dialect, lock), log }));
    }
    const pglite = pgliteInWorker(target.dataDir);
    return withRawConnection(new Kysely<DB>({ dialect: releasingOnDestroy(new PGliteDialect(pglite), lock), log }), {
      kind: 'pglite',
      pglite,
    });
  } catch (error) {
    lock.release();
    throw error;
  }
}

const embedded = new WeakMap<Kysely<any>, { pglite: PGlite; gate: SessionGate }>();

/** The PGlite behind `db` and its session gate (db/pgliteWire.ts); null on PostgreSQL or a worker thread. */
export function embeddedPglite(db: Kysely<any>): { pglite: PGlite; gate: SessionGate } | null {
  return embedded.get(db) ?? null;
}

/** `dialect` with its driver changed by `wrap` (both wrappers below change the driver only). */
function withDriver(dialect: Dialect, wrap: (driver: Driver) => void): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => {
      const driver = dialect.createDriver();
      wrap(driver);
      return driver;
    },
  };
}

/** The BFF holds the session gate while it holds its (single) connection: see db/pgliteWire.ts. */
function gatedDialect(dialect: Dialect, gate: SessionGate): Dialect {
  return withDriver(dialect, (driver) => {
    const acquire = driver.acquireConnection.bind(driver);
    const release = driver.releaseConnection.bind(driver);
    driver.acquireConnection = async () => {
      await gate.acquire();
      return acquire();
    };
    driver.releaseConnection = async (connection) => {
      try {
        await release(connection);
      } finally {
        gate.release();
      }
    };
  });
}

/** The folder is given back when the database is closed (Kysely#destroy), after PGlite has closed. */
function releasingOnDestroy(dialect: Dialect, lock: DataFolderLock): Dialect {
  return withDriver(dialect, (driver) => {
    const destroy = driver.destroy.bind(driver);
    driver.destroy = async () => {
      try {
        await destroy();
      } finally {
        lock.release();
      }
    };
  });
}

/**
 * PGlite runs each query synchronously on this thread, and the dialect starts the next queued
 * query as soon as one ends, without the event loop getting a turn: a queue of list pages held
 * every other request (even /health) for seconds. Each query first yields one event-loop turn,
 * so requests waiting on the socket are served between queries: one waits at most for the
 * query in progress. (The dialect uses only query() and close().)
 */
function yieldingBetweenQueries(pglite: PGlite): PGlite {
  const client: Pick<PGlite, 'query' | 'close'> = {
    query: async (...args: Parameters<PGlite['query']>) => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return pglite.query(...args);
    },
    close: () => pglite.close(),
  };
  return client as PGlite;
}

/** The connections behind `db` for /metrics: a pg pool's counts, or PGlite's one session and its queue. */
export function poolCounts(db: Kysely<any>): { total: number; idle: number; waiting: number } | null {
  const raw = rawConnectionOf(db);
  if (raw?.kind === 'postgres') return { total: raw.pool.totalCount, idle: raw.pool.idleCount, waiting: raw.pool.waitingCount };
  const gate = embedded.get(db)?.gate;
  return gate ? { total: 1, idle: gate.isHeld ? 0 : 1, waiting: gate.waitingCount } : null;
}

/** PostgreSQL error code of a unique-constraint violation (same on PGlite). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * The driver under a Kysely instance, for a library that speaks SQL itself (pg-boss: jobs/runner.ts).
 * An embedded PGlite is one session: use it only inside `db.connection().execute(...)`, which
 * holds Kysely's connection lock, so its statements never land inside a Kysely transaction.
 */
export type RawConnection = { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; pglite: PGlite };
const rawConnections = new WeakMap<Kysely<any>, RawConnection>();
function withRawConnection<DB>(db: Kysely<DB>, raw: RawConnection): Kysely<DB> {
  rawConnections.set(db, raw);
  return db;
}
export function rawConnectionOf(db: Kysely<any>): RawConnection | undefined {
  return rawConnections.get(db);
}
