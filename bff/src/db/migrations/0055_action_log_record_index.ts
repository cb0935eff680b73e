import { sql, type Kysely } from 'kysely';

/**
 * A record's history (`target=type:id`): its own entries are one range of this index,
 * already newest first, so a page reads only its rows whatever the record's count of entries.
 * Replaces (target_type, target_id), which this one's prefix serves as well.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists action_logs_target_created_at_id_idx on action_logs (target_type, target_id, created_at, id)`.execute(
    db,
  );
  await sql`drop index if exists action_logs_target_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists action_logs_target_idx on action_logs (target_type, target_id)`.execute(db);
  await sql`drop index if exists action_logs_target_created_at_id_idx`.execute(db);
}
