import type { Kysely } from 'kysely';

/**
 * Every record a bulk operation touched, beside its one action-log row (db/actionLog.ts): the
 * history of a record and the player view find bulk entries by (target_type, target_id) like single
 * ones. No foreign key and one index only: a bulk operation writes 100,000 rows here.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('action_log_targets')
    .addColumn('log_id', 'integer', (c) => c.notNull())
    .addColumn('target_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(100)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('action_log_targets_target_idx')
    .on('action_log_targets')
    .columns(['target_type', 'target_id', 'log_id'])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('action_log_targets').ifExists().execute();
}
