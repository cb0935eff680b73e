import { sql, type Kysely } from 'kysely';

/**
 * The serving role may not write the chain heads (db/servingRole.ts): the statement trigger that
 * moves a chain's head after an insert into the log (migration 0061) runs as the owner of the
 * tables, with the search path fixed to this schema (temporary tables last) so nothing of the caller's can
 * stand in for its tables.
 */
export async function up(db: Kysely<any>) {
  await sql`
    do $$ begin
      execute format('alter function %I.action_log_chains_advance() security definer set search_path = %I, pg_temp',
        current_schema(), current_schema());
    end $$`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`alter function action_log_chains_advance() security invoker reset search_path`.execute(db);
}
