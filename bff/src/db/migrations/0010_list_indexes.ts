import { sql, type Kysely } from 'kysely';

/**
 * Lists at 1,000,000 rows. Every action-log sort has an index on exactly its ORDER BY
 * (the lower(...) key of db/ordering.ts, then id as the tie-break), so a page is an index range
 * scan in either direction; the action filter (exact or 'prefix.%') has a pattern-ops index that
 * serves LIKE whatever the server's collation; substring search of target ids (q) has a trigram
 * index where pg_trgm can be installed (PGlite loads it, see db/connect.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sortIndex(db, 'action_logs_created_at_id_idx', sql`created_at, id`);
  await sortIndex(db, 'action_logs_admin_email_lower_id_idx', sql`lower(admin_email), id`);
  await sortIndex(db, 'action_logs_action_lower_id_idx', sql`lower(action), id`);
  await sortIndex(db, 'action_logs_target_type_lower_id_idx', sql`lower(target_type), id`);
  await sortIndex(db, 'action_logs_action_pattern_idx', sql`action varchar_pattern_ops`);
  // Superseded by (created_at, id). The plain admin_email and action indexes stay: substring
  // filters walk their distinct values and count matches on them (index-only scans).
  await sql`drop index if exists action_logs_created_at_idx`.execute(db);

  const trgm = await trigramSchema(db);
  if (trgm) {
    const ops = sql`${sql.id(trgm)}.gin_trgm_ops`;
    // Target ids are many distinct values: their substring search (q) needs a trigram index.
    // Emails, actions and target types are few: matched against their distinct values instead
    // (features/actionLogs/repository.ts), then found through the lower(...) indexes above.
    await sql`create index action_logs_target_id_trgm_idx on action_logs using gin (target_id ${ops})`.execute(db);
  }
  // Without pg_trgm there is no such index: the BFF warns at every start (app.ts), not only here.
}

async function sortIndex(db: Kysely<any>, name: string, keys: ReturnType<typeof sql>) {
  await sql`create index ${sql.id(name)} on action_logs (${keys})`.execute(db);
}

/**
 * The schema pg_trgm lives in, installing it when the role may (PostgreSQL 13+ marks it trusted:
 * a database owner can). It goes to `public`, not the session's schema, so dropping one schema
 * (the tests make one per app) never drops it under another. null when it cannot be had: the
 * attempt runs under a savepoint so the migration's transaction survives the refusal.
 */
async function trigramSchema(db: Kysely<any>): Promise<string | null> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema ?? null;
  const existing = await installed();
  if (existing) return existing;
  await sql`savepoint install_pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint install_pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint install_pg_trgm`.execute(db);
    return null;
  }
  return installed();
}
