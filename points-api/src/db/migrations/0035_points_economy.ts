import { sql, type Kysely } from 'kysely';

/**
 * The economy report and its nightly reconciliation: one query per figure, read from
 * indexes at 1,000,000 ledger entries (bench/economy.ts prints them).
 *  - entries by day and kind: (created_at) with kind and amount, an index-only range;
 *  - an account's balance against its entries: (player_id) with amount, merged with the accounts;
 *  - tickets without a debit: a partial index that holds only those (old data, none afterwards).
 * `economy_reconciliations` keeps one row per night: inserted when the night's job is queued (the
 * primary key lets one instance of many queue it), its figures stored once when the job runs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const points = db.schema.withSchema('points');
  await sql`create index ledger_entries_created_at_idx on points.ledger_entries (created_at) include (kind, amount)`.execute(db);
  await sql`create index ledger_entries_player_amount_idx on points.ledger_entries (player_id) include (amount)`.execute(db);
  await sql`create index lottery_tickets_without_debit_idx on points.lottery_tickets (id) where entry_id is null`.execute(db);
  await points
    .createTable('economy_reconciliations')
    .addColumn('night', 'varchar(10)', (c) => c.primaryKey().check(sql`night ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('job_id', 'varchar(64)')
    .addColumn('ran_at', 'timestamptz')
    .addColumn('figures', 'jsonb')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.withSchema('points').dropTable('economy_reconciliations').execute();
  await sql`drop index points.lottery_tickets_without_debit_idx`.execute(db);
  await sql`drop index points.ledger_entries_player_amount_idx`.execute(db);
  await sql`drop index points.ledger_entries_created_at_idx`.execute(db);
}
