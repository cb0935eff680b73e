import { sql, type Kysely } from 'kysely';

/**
 * The point accounts' table is named after its area (docs/areas.md, "Names"): `points.users` becomes
 * `points.accounts`, with its indexes and check constraints (`users_…` → `accounts_…`). A rename
 * keeps the rows, the foreign key of the ledger entries, the triggers and the grants, and is atomic
 * (one transaction with the rest). `points.users` stays as a view of `points.accounts` (simple, so it
 * takes inserts, updates, deletes and row locks): a points API still running the previous build keeps
 * working beside this one during a rolling deploy; a later release drops the view.
 * PL/pgSQL bodies name the table as text: every function of the `points` schema that names
 * `points.users` (the ledger's balance trigger, the ticket purchase) is replaced by the same body
 * naming `points.accounts`, and the migration fails if one still names the old table.
 * The action-log target type stays `pointUser`: logged rows are never rewritten.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table points.users rename to accounts`.execute(db);
  await renameParts(db, 'accounts', 'users_', 'accounts_');
  await renameInBodies(db, 'points.users', 'points.accounts');
  await sql`create view points.users as select * from points.accounts`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop view points.users`.execute(db);
  await renameInBodies(db, 'points.accounts', 'points.users');
  await renameParts(db, 'accounts', 'accounts_', 'users_');
  await sql`alter table points.accounts rename to users`.execute(db);
}

/** Renames the table's indexes (their constraints follow) and its check constraints from one prefix to another. */
async function renameParts(db: Kysely<any>, table: string, from: string, to: string): Promise<void> {
  await sql`
    do $$
    declare
      part record;
    begin
      for part in
        select i.relname as name from pg_index x
          join pg_class i on i.oid = x.indexrelid
          join pg_class t on t.oid = x.indrelid
          join pg_namespace n on n.oid = t.relnamespace
        where n.nspname = 'points' and t.relname = ${sql.lit(table)} and starts_with(i.relname, ${sql.lit(from)})
      loop
        execute format('alter index points.%I rename to %I', part.name, ${sql.lit(to)} || substr(part.name, ${sql.lit(from.length + 1)}));
      end loop;
      for part in
        select c.conname as name from pg_constraint c
          join pg_class t on t.oid = c.conrelid
          join pg_namespace n on n.oid = t.relnamespace
        where n.nspname = 'points' and t.relname = ${sql.lit(table)} and c.contype = 'c' and starts_with(c.conname, ${sql.lit(from)})
      loop
        execute format('alter table points.%I rename constraint %I to %I', ${sql.lit(table)}, part.name, ${sql.lit(to)} || substr(part.name, ${sql.lit(from.length + 1)}));
      end loop;
    end $$`.execute(db);
}

/** Replaces every function of the points schema whose body names `from` by the same function naming `to`. */
async function renameInBodies(db: Kysely<any>, from: string, to: string): Promise<void> {
  await sql`
    do $$
    declare
      f regprocedure;
    begin
      for f in
        select p.oid::regprocedure from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'points' and strpos(p.prosrc, ${sql.lit(from)}) > 0
      loop
        execute replace(pg_get_functiondef(f), ${sql.lit(from)}, ${sql.lit(to)});
      end loop;
      if exists (
        select from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'points' and strpos(p.prosrc, ${sql.lit(from)}) > 0
      ) then
        raise exception 'a function of the points schema still names %', ${sql.lit(from)};
      end if;
    end $$`.execute(db);
}
