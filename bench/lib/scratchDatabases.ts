import { randomBytes } from 'node:crypto';
import { createDb, sql, type Kysely } from './deps';
import { DEFAULT_PG_URL } from './databases';

/**
 * Kysely's migrator looks for its tables in every schema and would find the shared bench's in
 * public: a bench schema gets its own, so every migration runs (and is recorded) there.
 */
export async function ownMigrationTables(admin: Kysely<any>, schema: string): Promise<void> {
  await sql`create table if not exists ${sql.id(schema)}.kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null)`.execute(
    admin,
  );
  await sql`create table if not exists ${sql.id(schema)}.kysely_migration_lock (id varchar(255) primary key, is_locked integer not null default 0)`.execute(
    admin,
  );
}

/**
 * Runs `bench` on each database of BENCH_TARGETS (`defaults` when unset), each empty and thrown
 * away after: PGlite in memory, and PostgreSQL (BENCH_PG_URL) in a fresh schema named `${prefix}_…`.
 */
export async function onScratchDatabases(
  defaults: string,
  prefix: string,
  bench: (name: 'pglite' | 'postgres', db: Kysely<any>) => Promise<void>,
): Promise<void> {
  const targets = (process.env.BENCH_TARGETS ?? defaults).split(',').map((s) => s.trim());
  if (targets.includes('pglite')) {
    const db = createDb({ kind: 'pglite' });
    try {
      await bench('pglite', db);
    } finally {
      await db.destroy();
    }
  }
  if (targets.includes('postgres')) {
    const url = process.env.BENCH_PG_URL ?? DEFAULT_PG_URL;
    const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
    const admin = createDb({ kind: 'postgres', connectionString: url, maxConnections: 1 });
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    await ownMigrationTables(admin, schema);
    const db = createDb({ kind: 'postgres', connectionString: url, searchPath: schema });
    try {
      await bench('postgres', db);
    } finally {
      await db.destroy();
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
      await admin.destroy();
    }
  }
}
