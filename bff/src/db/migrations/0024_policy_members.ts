import type { Kysely } from 'kysely';

// The members of a policy. The primary key (policy_id, player_id) makes a bulk add one
// `insert … select … on conflict do nothing` and serves the member list of a policy; the
// player_id index answers "which policies is this player in" (effective restrictions). No foreign
// key to players: the add joins players already (unknown ids drop out), and a per-row RI check
// would double the cost of adding 100,000 members; players are never deleted by the console.
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('policy_members')
    .addColumn('policy_id', 'integer', (c) => c.notNull().references('policies.id').onDelete('cascade'))
    .addColumn('player_id', 'integer', (c) => c.notNull())
    .addColumn('added_at', 'timestamptz', (c) => c.notNull())
    .addColumn('added_by', 'varchar(254)', (c) => c.notNull())
    .addPrimaryKeyConstraint('policy_members_pkey', ['policy_id', 'player_id'])
    .execute();
  await db.schema.createIndex('policy_members_player_idx').on('policy_members').column('player_id').execute();
  await db.schema
    .createIndex('policy_members_policy_added_idx')
    .on('policy_members')
    .columns(['policy_id', 'added_at', 'player_id'])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('policy_members').ifExists().execute();
}
