import { sql, type Kysely } from 'kysely';

/**
 * A round can be cancelled before its draw (its tickets refunded through the ledger). Once
 * cancelled it takes no more tickets: the ticket trigger now refuses a cancelled round as it
 * refuses a drawn one (same row lock, so a purchase racing the cancellation waits, then fails).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .withSchema('points')
    .alterTable('lottery_rounds')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('cancelled_by', 'varchar(254)')
    .execute();
  await sql`alter table points.lottery_rounds add constraint lottery_rounds_cancelled_or_drawn check (cancelled_at is null or drawn_at is null)`.execute(
    db,
  );
  await sql`
    create or replace function points.lottery_ticket_counted() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update points.lottery_rounds set ticket_count = ticket_count + 1
          where id = new.round_id and drawn_at is null and cancelled_at is null;
        if not found then
          raise exception 'lottery round % is drawn, cancelled or does not exist', new.round_id using errcode = 'check_violation';
        end if;
        return new;
      end if;
      update points.lottery_rounds set ticket_count = ticket_count - 1 where id = old.round_id and drawn_at is null and cancelled_at is null;
      return old;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function points.lottery_ticket_counted() returns trigger language plpgsql as $$
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
  await sql`alter table points.lottery_rounds drop constraint lottery_rounds_cancelled_or_drawn`.execute(db);
  await db.schema.withSchema('points').alterTable('lottery_rounds').dropColumn('cancelled_by').dropColumn('cancelled_at').execute();
}
