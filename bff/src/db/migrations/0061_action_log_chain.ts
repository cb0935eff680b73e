import { sql, type Kysely } from 'kysely';

/**
 * A record nobody rewrites (issue 52). Each action-log row carries the hash of the row before it in
 * its chain (one chain per service: `bff`, `points`) and its own, computed by the database on insert;
 * updates, deletes and truncation of the log are refused by triggers. `action_log_chains` holds each
 * chain's head (its last number and hash): the insert trigger locks the head's row until the
 * transaction ends, so two instances of a service writing at once take turns and never fork the
 * chain (a row lock, where an advisory lock would need a lookup of the last row). Rows written
 * before this migration are chained in `bff`, in the order of their ids.
 *
 * What the hash covers (action_log_hash): the chain, its number, the id, who, what, the target, the
 * record before and after (jsonb's text: keys in a fixed order), the time in microseconds, the
 * request id and the previous hash; a null is written as \N. `verifyActionLog` recomputes it.
 */
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

  await sql`
    create function action_logs_link() returns trigger language plpgsql as $$
    declare
      head action_log_chains;
    begin
      insert into action_log_chains (chain, seq, hash) values (new.chain, 0, repeat('0', 64)) on conflict (chain) do nothing;
      select * into head from action_log_chains where chain = new.chain for update;
      new.chain_seq := head.seq + 1;
      new.previous_hash := head.hash;
      new.hash := action_log_hash(new);
      update action_log_chains set seq = new.chain_seq, hash = new.hash where chain = new.chain;
      return new;
    end $$`.execute(db);
  await sql`create trigger action_logs_link before insert on action_logs for each row execute function action_logs_link()`.execute(db);

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
