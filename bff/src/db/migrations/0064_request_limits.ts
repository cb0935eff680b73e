import { sql, type Kysely } from 'kysely';

/**
 * Limits on searches and exports that hold across instances (shared/server/src/http/requestLimits.ts),
 * so they live in the database both services share:
 *  - request_counts: one fixed-window counter per admin and kind of call (`search:admin:12`), the
 *    store of @fastify/rate-limit; a row per admin and kind, so it never grows past that;
 *  - export_slots: the exports running now, at most N slots per admin, each held by one request
 *    under a lease its instance renews while the download streams; a crashed instance's lease
 *    simply runs out and the slot can be taken again.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('request_counts')
    .ifNotExists()
    .addColumn('key', 'varchar(200)', (col) => col.primaryKey())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addColumn('window_started_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('export_slots')
    .ifNotExists()
    .addColumn('admin_id', 'integer', (col) => col.notNull())
    .addColumn('slot', 'smallint', (col) => col.notNull())
    .addColumn('holder', 'varchar(64)', (col) => col.notNull())
    .addColumn('route', 'varchar(300)', (col) => col.notNull())
    .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('lease_expires_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('export_slots_pkey', ['admin_id', 'slot'])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('export_slots').ifExists().execute();
  await db.schema.dropTable('request_counts').ifExists().execute();
}
