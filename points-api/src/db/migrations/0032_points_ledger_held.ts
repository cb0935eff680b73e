import { sql, type Kysely } from 'kysely';

/**
 * The ledger is held by the database: a balance moves only through a ledger entry, so no
 * code path, today's or a later one, can move points without its entry or write an entry that does
 * not move them.
 *  - An entry, when it is inserted, adds its amount to its account's balance (taking the account's
 *    row lock) and records the balance after it: `balance_after` is the database's, not the caller's.
 *    The account's `balance >= 0` check refuses an entry that would make it negative.
 *  - Any other change of a balance is refused, and an account opens at 0.
 *  - Entries are never changed or deleted (a mistake is reversed by another entry).
 * An existing database keeps its rows: the economy report's reconciliation reports any account whose
 * balance differs from the sum of its entries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function points.ledger_entry_applied() returns trigger language plpgsql as $$
    declare
      after_entry bigint;
    begin
      update points.users set balance = balance + new.amount where id = new.player_id returning balance into after_entry;
      if not found then
        raise exception 'point account % does not exist', new.player_id using errcode = 'foreign_key_violation';
      end if;
      new.balance_after := after_entry;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger ledger_entry_applied before insert on points.ledger_entries
    for each row execute function points.ledger_entry_applied()`.execute(db);

  // pg_trigger_depth() is 2 for the update made by ledger_entry_applied, 1 for a statement of the code's own.
  await sql`
    create function points.balance_moved_by_entry() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' and new.balance <> 0 then
        raise exception 'a point account opens at 0: its balance moves only through ledger entries' using errcode = 'check_violation';
      end if;
      if tg_op = 'UPDATE' and new.balance is distinct from old.balance and pg_trigger_depth() < 2 then
        raise exception 'the balance of point account % moves only through a ledger entry', old.id using errcode = 'check_violation';
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger balance_moved_by_entry before insert or update of balance on points.users
    for each row execute function points.balance_moved_by_entry()`.execute(db);

  await sql`
    create function points.ledger_entries_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger entries are never changed or deleted: reverse one with another entry' using errcode = 'check_violation';
    end $$`.execute(db);
  await sql`
    create trigger ledger_entries_append_only before update or delete or truncate on points.ledger_entries
    for each statement execute function points.ledger_entries_append_only()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function points.ledger_entries_append_only() cascade`.execute(db);
  await sql`drop function points.balance_moved_by_entry() cascade`.execute(db);
  await sql`drop function points.ledger_entry_applied() cascade`.execute(db);
}
