import { sql, type Kysely } from 'kysely';

/** The schema and the three settings documents (maintenance, daily check-in, referral). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createSchema('points').ifNotExists().execute();
  const documentTable = (name: string) =>
    db.schema
      .withSchema('points')
      .createTable(name)
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`));
  const audit = <T extends ReturnType<typeof documentTable>>(table: T) =>
    table
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_by', 'varchar(254)');

  await audit(
    documentTable('maintenance')
      .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('message', 'text', (c) => c.notNull().defaultTo('')),
  ).execute();
  await audit(
    documentTable('daily_checkin').addColumn('rewards', 'jsonb', (c) => c.notNull().defaultTo(sql`'[10,20,30,40,50,60,100]'::jsonb`)),
  ).execute();
  await audit(
    documentTable('referral')
      .addColumn('referrer_reward', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(100)
          .check(sql`referrer_reward >= 0`),
      )
      .addColumn('referee_reward', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(50)
          .check(sql`referee_reward >= 0`),
      )
      .addColumn('cap_per_referrer', 'integer')
      .addColumn('total_cap', 'integer')
      .addColumn('required_activity', 'varchar(32)', (c) => c.notNull().defaultTo('firstCheckin')),
  ).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['referral', 'daily_checkin', 'maintenance']) await db.schema.withSchema('points').dropTable(table).execute();
}
