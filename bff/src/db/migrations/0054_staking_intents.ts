import { sql, type Kysely } from 'kysely';

/** Staking changes recorded before the owner's wallet signs them (features/stakingChanges): open until a confirmed transaction uses one. */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('staking_intents')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('change', 'varchar(32)', (c) => c.notNull())
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('contract_address', 'varchar(42)', (c) => c.notNull())
    .addColumn('before', 'jsonb', (c) => c.notNull())
    .addColumn('after', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('open'))
    .addColumn('tx_hash', 'varchar(66)')
    .addColumn('requested_by', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`alter table staking_intents add constraint staking_intents_status_check check (status in ('open','sent'))`.execute(db);
  await db.schema.createIndex('staking_intents_open_idx').on('staking_intents').columns(['contract_address', 'status', 'id']).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('staking_intents').ifExists().execute();
}
