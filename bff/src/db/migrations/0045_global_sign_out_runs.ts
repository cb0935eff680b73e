import type { Kysely } from 'kysely';

/** The runs of "logout & battle force end": when, who, why, the confirmed and the ended counts. */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('global_sign_out_runs')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('ran_at', 'timestamptz', (c) => c.notNull())
    .addColumn('admin_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('confirmed_sessions', 'integer', (c) => c.notNull())
    .addColumn('confirmed_battles', 'integer', (c) => c.notNull())
    .addColumn('sessions_ended', 'integer', (c) => c.notNull())
    .addColumn('battles_ended', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('global_sign_out_runs').ifExists().execute();
}
