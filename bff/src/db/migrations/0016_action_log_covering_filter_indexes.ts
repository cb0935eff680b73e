import { sql, type Kysely } from 'kysely';

/**
 * The search box (q) is one ordered query per matching email, action and target type
 * (features/actionLogs/repository.ts); each runs under the other filters (admin, action, target)
 * and, for its count, excludes the rows an earlier branch counted. On (action, created_at, id)
 * and (target_type, created_at, id) those conditions were tested in the table, row by row: with
 * `admin=alice&q=policy` the 'policy' target-type branch visited 20,000 rows in 14,600 pages to
 * find none (200 ms). These two indexes carry the other filter columns, so the conditions are
 * tested in the index (an index-only scan) and the table is read only for the rows of the page.
 */
const INDEXES: [name: string, replaces: string, keys: ReturnType<typeof sql>, include: ReturnType<typeof sql>][] = [
  [
    'action_logs_action_created_at_id_covering_idx',
    'action_logs_action_created_at_id_idx',
    sql`action, created_at, id`,
    sql`admin_email, target_type, target_id`,
  ],
  [
    'action_logs_target_type_created_at_id_covering_idx',
    'action_logs_target_type_created_at_id_idx',
    sql`target_type, created_at, id`,
    sql`admin_email, action, target_id`,
  ],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, replaces, keys, include] of INDEXES) {
    await sql`create index if not exists ${sql.id(name)} on action_logs (${keys}) include (${include})`.execute(db);
    await sql`drop index if exists ${sql.id(replaces)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, replaces, keys] of INDEXES) {
    await sql`create index if not exists ${sql.id(replaces)} on action_logs (${keys})`.execute(db);
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
  }
}
