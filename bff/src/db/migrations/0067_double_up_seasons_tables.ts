import { sql, type Kysely } from 'kysely';

/**
 * The double-up seasons' tables are named after their area (docs/areas.md, "Names"):
 * `doubleup_seasons` becomes `double_up_seasons` and `doubleup_season_players` becomes
 * `double_up_season_players`, with their indexes, check constraints and identity sequences
 * (`doubleup_seasons_…` → `double_up_seasons_…`). A rename keeps the rows, the foreign keys and the
 * grants, and is atomic (one transaction with the rest). Each old name stays as a view of the new table
 * (simple, so it takes inserts, updates and deletes): a BFF still running the previous build keeps
 * working beside this one during a rolling deploy; a later release drops the views. No function names them (the
 * migration fails if one does). The action-log target type stays `doubleupSeason`: logged rows are
 * never rewritten.
 */
const RENAMES = [
  ['doubleup_seasons', 'double_up_seasons'],
  ['doubleup_season_players', 'double_up_season_players'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [from, to] of RENAMES) {
    await renameTable(db, from, to);
    await sql`create view ${sql.id(from)} as select * from ${sql.id(to)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [from, to] of [...RENAMES].reverse()) {
    await sql`drop view ${sql.id(from)}`.execute(db);
    await renameTable(db, to, from);
  }
}

/** Renames a table of the current schema with the indexes (their constraints follow), check constraints and sequences named after it. */
async function renameTable(db: Kysely<any>, from: string, to: string): Promise<void> {
  await sql`
    do $$
    declare
      part record;
      prefix constant text := ${sql.lit(`${from}_`)};
      renamed constant text := ${sql.lit(`${to}_`)};
    begin
      if exists (
        select from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = current_schema() and p.prosrc ~ ('\\m' || ${sql.lit(from)} || '\\M')
      ) then
        raise exception 'a function names %: rename it there too', ${sql.lit(from)};
      end if;
      execute format('alter table %I rename to %I', ${sql.lit(from)}, ${sql.lit(to)});
      for part in
        select c.relname as name, c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('i', 'S') and starts_with(c.relname, prefix)
          and (exists (select from pg_index x where x.indexrelid = c.oid and x.indrelid = ${sql.lit(to)}::regclass)
            or exists (select from pg_depend d where d.objid = c.oid and d.refobjid = ${sql.lit(to)}::regclass))
      loop
        execute format(case part.kind when 'i' then 'alter index %I rename to %I' else 'alter sequence %I rename to %I' end,
          part.name, renamed || substr(part.name, length(prefix) + 1));
      end loop;
      for part in
        select conname as name from pg_constraint
        where conrelid = ${sql.lit(to)}::regclass and contype = 'c' and starts_with(conname, prefix)
      loop
        execute format('alter table %I rename constraint %I to %I', ${sql.lit(to)}, part.name, renamed || substr(part.name, length(prefix) + 1));
      end loop;
    end $$`.execute(db);
}
