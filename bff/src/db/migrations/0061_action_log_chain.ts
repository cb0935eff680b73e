import { sql, type Kysely } from 'kysely';

/**
 * A record nobody rewrites. Each action-log row carries the hash of the row before it in
 * its chain (one chain per service: `bff`, `points`) and its own, computed by the database on insert;
 * updates, deletes and truncation of the log are refused by triggers. `action_log_chains` holds each
 * chain's head (its last number and hash, moved once per statement): the insert trigger takes the
 * chain's advisory lock until the transaction ends, so two instances of a service writing at once
 * take turns and never fork the chain, and a unique (chain, chain_seq) refuses a fork however it
 * came. Rows written before this migration are chained in `bff`, in the order of their ids.
 *
 * What the hash covers (action_log_hash): the chain, its number, the id, who, what, the target, the
 * record before and after (jsonb's text: keys in a fixed order), the time in microseconds, the
 * request id and the previous hash; a null is written as \N. `verifyActionLog` recomputes it.
 */
/** The advisory lock space of the chains (the second key: the chain's name, hashed). */
const CHAIN_LOCK = 7_300_061;

export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('action_logs')
    .addColumn('chain', 'varchar(20)', (c) => c.notNull().defaultTo('bff'))
    .addColumn('chain_seq', 'bigint')
    .addColumn('previous_hash', 'char(64)')
    .addColumn('hash', 'char(64)')
    .execute();
  await db.schema
    .createTable('action_log_chains')
    .addColumn('chain', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'char(64)', (c) => c.notNull())
    .execute();

  await sql`
    create function action_log_hash(l action_logs) returns text language sql stable as $$
      select encode(sha256(convert_to(concat_ws(chr(31),
        l.chain, l.chain_seq::text, l.id::text, coalesce(l.admin_id::text, '\\N'), l.admin_email, l.action,
        l.target_type, coalesce(l.target_id, '\\N'), coalesce(l.before::text, '\\N'), coalesce(l.after::text, '\\N'),
        (extract(epoch from l.created_at) * 1000000)::bigint::text, coalesce(l.request_id, '\\N'), l.previous_hash
      ), 'UTF8')), 'hex')
    $$`.execute(db);

  // The rows so far, in id order, as the first links of the bff chain.
  await sql`
    do $$
    declare
      r action_logs;
      seq bigint := 0;
      previous text := repeat('0', 64);
    begin
      for r in select * from action_logs order by id loop
        seq := seq + 1;
        r.chain := 'bff';
        r.chain_seq := seq;
        r.previous_hash := previous;
        previous := action_log_hash(r);
        update action_logs set chain = 'bff', chain_seq = seq, previous_hash = r.previous_hash, hash = previous where id = r.id;
      end loop;
      insert into action_log_chains (chain, seq, hash) values ('bff', seq, previous);
    end $$`.execute(db);
  await sql`alter table action_logs alter column chain_seq set not null, alter column previous_hash set not null, alter column hash set not null`.execute(
    db,
  );
  await sql`alter table action_logs add constraint action_logs_chain_seq_key unique (chain, chain_seq)`.execute(db);

  // Each row: under its chain's advisory lock (held to the end of the transaction, so writers of a
  // chain take turns), after the last row this transaction wrote to the chain (a transaction-local
  // setting), else after the chain's head: O(1) a row, whatever the table's size. After a removal of
  // the newest rows the head is further on than the table: the gap stays for the check to name.
  await sql`
    create function action_logs_link() returns trigger language plpgsql as $$
    declare
      carried text;
      last_seq bigint := 0;
      last_hash text := repeat('0', 64);
    begin
      perform pg_advisory_xact_lock(${sql.lit(CHAIN_LOCK)}, hashtext(new.chain));
      carried := coalesce(current_setting('phoenix_chain.' || new.chain, true), '');
      if carried <> '' then
        last_seq := split_part(carried, ':', 1)::bigint;
        last_hash := split_part(carried, ':', 2);
      else
        select seq, hash into last_seq, last_hash from action_log_chains where chain = new.chain;
        if not found then
          last_seq := 0;
          last_hash := repeat('0', 64);
        end if;
      end if;
      new.chain_seq := last_seq + 1;
      new.previous_hash := last_hash;
      new.hash := action_log_hash(new);
      perform set_config('phoenix_chain.' || new.chain, new.chain_seq || ':' || new.hash, true);
      return new;
    end $$`.execute(db);
  await sql`create trigger action_logs_link before insert on action_logs for each row execute function action_logs_link()`.execute(db);
  // The head moves once per statement (a row's update per insert would pile up versions of one row
  // in a bulk insert): the newest row each chain got.
  await sql`
    create function action_log_chains_advance() returns trigger language plpgsql as $$
    begin
      insert into action_log_chains (chain, seq, hash)
        select distinct on (chain) chain, chain_seq, hash from inserted order by chain, chain_seq desc
      on conflict (chain) do update set seq = excluded.seq, hash = excluded.hash where action_log_chains.seq < excluded.seq;
      return null;
    end $$`.execute(db);
  await sql`create trigger action_log_chains_advance after insert on action_logs referencing new table as inserted
    for each statement execute function action_log_chains_advance()`.execute(db);

  await sql`
    create function action_logs_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'the action log is append-only: % on % is refused', tg_op, tg_table_name using errcode = 'insufficient_privilege';
    end $$`.execute(db);
  for (const table of ['action_logs', 'action_log_targets']) {
    await sql`create trigger ${sql.raw(`${table}_append_only`)} before update or delete or truncate on ${sql.table(table)}
      for each statement execute function action_logs_append_only()`.execute(db);
  }
}

export async function down(db: Kysely<any>) {
  await sql`drop function action_logs_append_only() cascade`.execute(db);
  await sql`drop function action_logs_link() cascade`.execute(db);
  await sql`drop function action_log_chains_advance() cascade`.execute(db);
  await sql`alter table action_logs drop constraint action_logs_chain_seq_key`.execute(db);
  await sql`drop function action_log_hash(action_logs)`.execute(db);
  await db.schema.dropTable('action_log_chains').execute();
  await db.schema
    .alterTable('action_logs')
    .dropColumn('chain')
    .dropColumn('chain_seq')
    .dropColumn('previous_hash')
    .dropColumn('hash')
    .execute();
}
