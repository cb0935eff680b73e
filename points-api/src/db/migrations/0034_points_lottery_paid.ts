import { sql, type Kysely } from 'kysely';

/**
 * A lottery ticket exists only with the debit that paid for it.
 *  - `points.buy_lottery_ticket` is the one path a ticket lands through (the game server's route and
 *    the local seed call it): under the round's row lock (taken first, as the draw and a cancellation
 *    take it) it checks the round is on sale at the price asked, then writes a `lottery` debit (the
 *    ledger moves the balance and refuses it below zero, migration 0032) and the ticket pointing at it.
 *    A purchase id applies once: the same purchase again answers the first ticket.
 *  - A ticket without a debit or a purchase id is refused from now on (`not valid`: tickets sold
 *    before this migration stay, reported by the economy report and left out of a cancel's refunds).
 *  - A cancelled round keeps what its cancellation refunded (`cancelled_refund`).
 * Its refusals carry their own SQLSTATE (class LT), which the route turns into 4xx answers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .withSchema('points')
    .alterTable('lottery_tickets')
    .addColumn('entry_id', 'integer', (c) => c.unique().references('points.ledger_entries.id'))
    .addColumn('purchase_id', 'varchar(100)', (c) => c.unique())
    .execute();
  await sql`alter table points.lottery_tickets add constraint lottery_tickets_paid check (entry_id is not null and purchase_id is not null) not valid`.execute(
    db,
  );
  await db.schema.withSchema('points').alterTable('lottery_rounds').addColumn('cancelled_refund', 'jsonb').execute();

  await sql`
    create function points.buy_lottery_ticket(p_round integer, p_player integer, p_purchase varchar, p_price integer, p_at timestamptz)
    returns table (ticket_id integer, entry_id integer, replayed boolean) language plpgsql as $$
    #variable_conflict use_column
    declare
      sale record;
      earlier record;
      funds bigint;
      debit integer;
      ticket integer;
    begin
      select r.id, r.name, r.ticket_price, r.draw_at, r.drawn_at, r.cancelled_at into sale
        from points.lottery_rounds r where r.id = p_round for update;
      if not found then
        raise exception 'lottery round % does not exist', p_round using errcode = 'LT404';
      end if;
      -- After the round's lock: a retry of the same purchase waits for the first and finds its ticket.
      select t.id, t.entry_id, t.round_id, t.player_id into earlier from points.lottery_tickets t where t.purchase_id = p_purchase;
      if found then
        if earlier.round_id <> p_round or earlier.player_id <> p_player then
          raise exception 'purchase % was a ticket of round % for player %', p_purchase, earlier.round_id, earlier.player_id using errcode = 'LT422';
        end if;
        return query select earlier.id, earlier.entry_id, true;
        return;
      end if;
      if sale.cancelled_at is not null or sale.drawn_at is not null or sale.draw_at <= p_at then
        raise exception 'lottery round % is no longer on sale', p_round using errcode = 'LT409';
      end if;
      if sale.ticket_price <> p_price then
        raise exception 'a ticket of lottery round % costs %, not %', p_round, sale.ticket_price, p_price using errcode = 'LT410';
      end if;
      select u.balance into funds from points.users u where u.id = p_player for update;
      if not found then
        raise exception 'player % has no point account', p_player using errcode = 'LT405';
      end if;
      if funds < p_price then
        raise exception 'player % has % points: a ticket costs %', p_player, funds, p_price using errcode = 'LT402';
      end if;
      insert into points.ledger_entries (player_id, kind, amount, reason, idempotency_key, created_at, created_by)
        values (p_player, 'lottery', -p_price, left(format('Ticket for lottery round %s "%s"', sale.id, sale.name), 500),
                'lottery-ticket:' || p_purchase, p_at, 'game server')
        returning id into debit;
      insert into points.lottery_tickets (round_id, player_id, entry_id, purchase_id, created_at)
        values (p_round, p_player, debit, p_purchase, p_at)
        returning id into ticket;
      update points.users set last_activity_at = greatest(last_activity_at, p_at) where id = p_player;
      return query select ticket, debit, false;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function points.buy_lottery_ticket(integer, integer, varchar, integer, timestamptz)`.execute(db);
  await db.schema.withSchema('points').alterTable('lottery_rounds').dropColumn('cancelled_refund').execute();
  await sql`alter table points.lottery_tickets drop constraint lottery_tickets_paid`.execute(db);
  await db.schema.withSchema('points').alterTable('lottery_tickets').dropColumn('purchase_id').dropColumn('entry_id').execute();
}
