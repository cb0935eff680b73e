import type { Kysely } from 'kysely';

/**
 * A distribution to every player inserts a million rows into present_deliveries: each index and
 * each foreign key on it is paid per row. The primary key (distribution_id, player_id) is the
 * exactly-once guarantee and stays; the player_id index had no reader, and the foreign key to
 * present_distributions guarded nothing (a distribution is never deleted, only cancelled, and the
 * run inserts only for the distribution it has claimed) while costing a lookup per delivered row.
 */
export async function up(db: Kysely<any>) {
  await db.schema.dropIndex('present_deliveries_player_id_idx').ifExists().execute();
  await db.schema.alterTable('present_deliveries').dropConstraint('present_deliveries_distribution_id_fkey').ifExists().execute();
}

export async function down(db: Kysely<any>) {
  await db.schema
    .alterTable('present_deliveries')
    .addForeignKeyConstraint('present_deliveries_distribution_id_fkey', ['distribution_id'], 'present_distributions', ['id'])
    .execute();
  await db.schema.createIndex('present_deliveries_player_id_idx').on('present_deliveries').column('player_id').execute();
}
