import type { Kysely } from 'kysely';

/**
 * Where each service's shipper (ACTION_LOG_SINK, @phoenix/server db/actionLogSink.ts) has got to in
 * its chain, per sink: the cursor moves in the transaction that shipped the lines.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('action_log_sink_cursors')
    .addColumn('sink', 'text', (c) => c.notNull())
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('last_seq', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('action_log_sink_cursors_pkey', ['sink', 'chain'])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('action_log_sink_cursors').execute();
}
