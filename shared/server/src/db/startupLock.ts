import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { rawConnectionOf } from './connect';

/** Namespace of the startup locks among the database's two-key advisory locks ('PHNX'). */
const STARTUP_LOCKS = 0x50484e58;
/** How long a start waits for another instance's step (a long migration) before it gives up. */
const DEFAULT_WAIT_MS = 15 * 60_000;

export class StartupLockTimeoutError extends Error {
  constructor(
    readonly lockName: string,
    waitedMs: number,
  ) {
    super(`Startup step "${lockName}" is still held by another instance after ${Math.round(waitedMs / 1000)} s: is one stuck?`);
    this.name = 'StartupLockTimeoutError';
  }
}

/**
 * Runs `fn` while no other process runs a step of the same `name` on this database: instances
 * started together on an empty database take turns at creating schemas, migrating and seeding,
 * rather than racing on "create … if not exists" (which PostgreSQL does not make atomic) or on
 * "check, then insert" seeds. The lock is a session advisory lock on a connection of its own,
 * outside the pool, so `fn` is free to use the pool (transactions included), and a process that
 * dies gives it back with its connection.
 *
 * PGlite is one process (db/lock.ts keeps a second one out): nothing to take turns with. Over the
 * PGlite wire every client shares its one session, where advisory locks are re-entrant: no wait.
 */
export async function withStartupLock<T>(db: Kysely<any>, name: string, fn: () => Promise<T>, waitMs = DEFAULT_WAIT_MS): Promise<T> {
  const raw = rawConnectionOf(db);
  if (raw?.kind !== 'postgres') return fn();
  const client = new pg.Client(raw.pool.options);
  client.on('error', () => {}); // a dropped lock connection surfaces in the next query, or not at all
  await client.connect();
  let locked = false;
  try {
    await lock(client, name, waitMs);
    locked = true;
    return await fn();
  } finally {
    if (locked) await client.query('select pg_advisory_unlock($1, hashtext($2))', [STARTUP_LOCKS, name]).catch(() => {});
    await client.end().catch(() => {});
  }
}

async function lock(client: pg.Client, name: string, waitMs: number): Promise<void> {
  // lock_timeout set locally in a transaction, so that over the PGlite wire (one shared session)
  // no other client's setting changes; the session lock outlives the transaction.
  await client.query('begin');
  try {
    await client.query(`select set_config('lock_timeout', $1, true)`, [`${Math.max(1, Math.round(waitMs))}ms`]);
    await client.query('select pg_advisory_lock($1, hashtext($2))', [STARTUP_LOCKS, name]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    if ((error as { code?: string }).code === '55P03') throw new StartupLockTimeoutError(name, waitMs);
    throw error;
  }
}

/** The connection's schema (the BFF's tables; a test's own schema): names the BFF's startup steps. */
export async function currentSchema(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]!.schema;
}
