import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { acquireDataFolderLock, type DataFolderLock } from './lock';
import { pgliteInWorker } from './pgliteWorker';
import type { Database } from './schema';

export type DbTarget =
  /** A PostgreSQL server (node-postgres pool). */
  | { kind: 'postgres'; connectionString: string; maxConnections?: number; searchPath?: string }
  /** Embedded PGlite; no dataDir = in memory. */
  | { kind: 'pglite'; dataDir?: string };

/** The one place that picks a dialect: the rest of the BFF only sees Kysely<Database>. */
export function createDb(target: DbTarget): Kysely<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.connectionString,
      max: target.maxConnections ?? 10,
      ...(target.searchPath ? { options: `-c search_path=${target.searchPath}` } : {}),
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  // pg_trgm: trigram indexes for substring search, as on PostgreSQL (migration 0010).
  // In memory (tests, a throwaway BFF): on this thread. On disk (the BFF's data): on a worker thread,
  // so a long query never holds the BFF's other requests (db/pgliteWorker.ts).
  if (!target.dataDir)
    return new Kysely<Database>({ dialect: new PGliteDialect(yieldingBetweenQueries(new PGlite({ extensions: { pg_trgm } }))) });
  const open = (dataDir: string) => new PGliteDialect(pgliteInWorker(dataDir));

  // Refuse before touching the folder if another process has it open (see db/lock.ts).
  const lock = acquireDataFolderLock(target.dataDir);
  try {
    fs.mkdirSync(target.dataDir, { recursive: true });
    return new Kysely<Database>({ dialect: releasingOnDestroy(open(target.dataDir), lock) });
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** The folder is given back when the database is closed (Kysely#destroy), after PGlite has closed. */
function releasingOnDestroy(dialect: Dialect, lock: DataFolderLock): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => {
      const driver = dialect.createDriver();
      const destroy = driver.destroy.bind(driver);
      driver.destroy = async () => {
        try {
          await destroy();
        } finally {
          lock.release();
        }
      };
      return driver;
    },
  };
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

/** PostgreSQL error code of a unique-constraint violation (same on PGlite). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
