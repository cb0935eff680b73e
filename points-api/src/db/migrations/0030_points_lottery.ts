import { sql, type Kysely } from 'kysely';

/**
 * Lottery rounds and their tickets. `seed` is the secret drawn at creation: only `seed_hash` is
 * served until `drawn_at` is set. `winners` and `ticket_count` are frozen by the draw.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createSchema('points').ifNotExists().execute();
  await db.schema
    .withSchema('points')
    .createTable('lottery_rounds')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('ticket_price', 'integer', (c) => c.notNull().check(sql`ticket_price > 0`))
    .addColumn('prizes', 'jsonb', (c) => c.notNull())
    .addColumn('draw_at', 'timestamptz', (c) => c.notNull())
    .addColumn('seed', 'char(64)', (c) => c.notNull())
    .addColumn('seed_hash', 'char(64)', (c) => c.notNull())
    .addColumn('job_id', 'varchar(64)')
    .addColumn('drawn_at', 'timestamptz')
    .addColumn('ticket_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('winners', 'jsonb')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'varchar(254)')
    .execute();
  await db.schema.withSchema('points').createIndex('lottery_rounds_draw_at_idx').on('lottery_rounds').columns(['draw_at', 'id']).execute();
  await db.schema
    .withSchema('points')
    .createTable('lottery_tickets')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('round_id', 'integer', (c) => c.notNull().references('points.lottery_rounds.id').onDelete('cascade'))
    .addColumn('player_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.withSchema('points').createIndex('lottery_tickets_round_idx').on('lottery_tickets').columns(['round_id', 'id']).execute();
  // Tickets come from the player side (no admin route sells one): the count the freeze rule reads is
  // kept by the database, and a round that has been drawn takes no more tickets. The update takes
  // the round's row lock, so a ticket waits for a running draw and is then refused.
  await sql`
    create function points.lottery_ticket_counted() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update points.lottery_rounds set ticket_count = ticket_count + 1 where id = new.round_id and drawn_at is null;
        if not found then
          raise exception 'lottery round % is drawn or does not exist', new.round_id using errcode = 'check_violation';
        end if;
        return new;
      end if;
      update points.lottery_rounds set ticket_count = ticket_count - 1 where id = old.round_id and drawn_at is null;
      return old;
    end $$`.execute(db);
  await sql`
    create trigger lottery_ticket_counted after insert or delete on points.lottery_tickets
    for each row execute function points.lottery_ticket_counted()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function points.lottery_ticket_counted() cascade`.execute(db);
  await db.schema.withSchema('points').dropTable('lottery_tickets').execute();
  await db.schema.withSchema('points').dropTable('lottery_rounds').execute();
}
