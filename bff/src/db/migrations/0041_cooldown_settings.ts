import { sql, type Kysely } from 'kysely';

/**
 * Game balance: cooldown seconds per game action, one versioned document (row id 1). The rows
 * are one jsonb array ([{ action, seconds }]): the document is read and saved whole, and a new
 * game action is a contract change, not a schema change.
 */
const DEFAULT_ACTIONS = [
  { action: 'attack', seconds: 1 },
  { action: 'skill', seconds: 8 },
  { action: 'ultimate', seconds: 60 },
  { action: 'item', seconds: 5 },
  { action: 'dodge', seconds: 3 },
  { action: 'emote', seconds: 2 },
  { action: 'rematch', seconds: 10 },
];

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('cooldown_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('actions', 'jsonb', (c) => c.notNull().defaultTo(sql`${sql.lit(JSON.stringify(DEFAULT_ACTIONS))}::jsonb`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'varchar(254)')
    .addCheckConstraint('cooldown_settings_actions_array_check', sql`jsonb_typeof(actions) = 'array'`)
    .execute();
  await sql`insert into cooldown_settings (id) values (1)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('cooldown_settings').ifExists().execute();
}
