import { sql, type Kysely } from 'kysely';
import { columnIndexes, expressionIndex } from '@phoenix/server/db';

// SYSTEM remote areas. Every list filter / sort column has an index; text sorts use lower(...)
// (see db/ordering.ts), so those get an expression index.
export async function up(db: Kysely<any>) {
  // Ids come from the game: not generated here.
  await db.schema
    .createTable('players')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id > 0`))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('wallet_address', 'varchar(42)')
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'banned')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz')
    .execute();
  await expressionIndex(db, 'players_name_lower_idx', 'players', sql`lower(name)`);
  await expressionIndex(db, 'players_wallet_lower_idx', 'players', sql`lower(wallet_address)`);
  await columnIndexes(db, 'players', ['level', 'status', 'created_at', 'last_seen_at']);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('players').ifExists().execute();
}
