import { sql, type Kysely } from 'kysely';

/** Each player's side of a battle; (player_id, battle_id) serves "battles of player X". */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('battle_participants')
    .addColumn('battle_id', 'integer', (c) => c.notNull().references('battles.id').onDelete('cascade'))
    .addColumn('player_id', 'integer', (c) => c.notNull())
    .addColumn('team', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result', 'varchar(8)', (c) => c.check(sql`result is null or result in ('win', 'loss', 'draw')`))
    .addPrimaryKeyConstraint('battle_participants_pk', ['battle_id', 'player_id'])
    .execute();
  await db.schema
    .createIndex('battle_participants_player_battle_idx')
    .on('battle_participants')
    .columns(['player_id', 'battle_id'])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('battle_participants').ifExists().execute();
}
