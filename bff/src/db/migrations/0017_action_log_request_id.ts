import { sql, type Kysely } from 'kysely';

/**
 * The x-request-id of the request that made each change, so an entry leads to that
 * request's log lines. Null for the rows before it and for changes made outside a request (seed,
 * CLI, jobs). A nullable column without a default: no table rewrite, the covering indexes of
 * 0013-0016 are untouched. No index: an operator looks a request up rarely, by hand; the log's
 * writes and its list pages are what the indexes serve.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table action_logs add column if not exists request_id text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table action_logs drop column if exists request_id`.execute(db);
}
