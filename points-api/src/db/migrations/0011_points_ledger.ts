import { sql, type Kysely } from 'kysely';
import { versionedColumns } from '@phoenix/server/db';

/**
 * Point users and their ledger. The balance is the sum of the user's entries: it is kept on the
 * user only by the code that appends an entry, in the same transaction under the user's row lock,
 * and each entry records the balance after it (the running balance). Entries are never deleted;
 * a reversal names the entry it reverses (once: unique). An idempotency key applies once (unique).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const points = db.schema.withSchema('points');
  await points
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id > 0`))
    .addColumn('wallet', 'varchar(42)', (c) => c.unique().check(sql`wallet ~ '^0x[0-9a-f]{40}$'`))
    .addColumn('balance', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`balance >= 0`),
    )
    .addColumn('booster_percent', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`booster_percent >= 0`),
    )
    .addColumn('last_activity_at', 'timestamptz')
    .$call(versionedColumns)
    .execute();
  await points.createIndex('users_balance_idx').on('users').column('balance').execute();
  await points.createIndex('users_last_activity_at_idx').on('users').column('last_activity_at').execute();
  // Wallet prefix search (like '0xab%') whatever the database's collation.
  await points
    .createIndex('users_wallet_pattern_idx')
    .on('users')
    .expression(sql`wallet varchar_pattern_ops`)
    .execute();

  await points
    .createTable('ledger_entries')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('points.users.id'))
    .addColumn('kind', 'varchar(16)', (c) =>
      c
        .notNull()
        .check(sql`kind in ('taskReward', 'purchase', 'checkin', 'referral', 'lootbox', 'lottery', 'spin', 'adjustment', 'reversal')`),
    )
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('balance_after', 'bigint', (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn('reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('reverses_id', 'integer', (c) => c.unique().references('points.ledger_entries.id'))
    .addColumn('idempotency_key', 'varchar(100)', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_by', 'varchar(254)')
    .addCheckConstraint('ledger_entries_reversal_check', sql`(kind = 'reversal') = (reverses_id is not null)`)
    .execute();
  await points.createIndex('ledger_entries_player_idx').on('ledger_entries').columns(['player_id', 'id desc']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.withSchema('points').dropTable('ledger_entries').ifExists().execute();
  await db.schema.withSchema('points').dropTable('users').ifExists().execute();
}
