import { sql, type Kysely } from 'kysely';

/**
 * Action-log filters name each matching value twice, as the column and as its lower(...) sort key
 * (features/actionLogs/repository.ts: one serves the filter indexes, the other the sort indexes).
 * The planner took the two for independent conditions and multiplied their selectivities: a
 * filter matching 13,000 rows was estimated at 1,600, and it chose to fetch and sort them all
 * instead of walking the sort index for one page. Functional-dependency statistics tell it that
 * lower(x) follows from x. (Built by ANALYZE: run here, the data may be there already.)
 */
const STATISTICS: [name: string, column: string][] = [
  ['action_logs_admin_email_lower_stats', 'admin_email'],
  ['action_logs_action_lower_stats', 'action'],
  ['action_logs_target_type_lower_stats', 'target_type'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, column] of STATISTICS) {
    await sql`create statistics if not exists ${sql.id(name)} (dependencies) on ${sql.ref(column)}, lower(${sql.ref(column)}) from action_logs`.execute(
      db,
    );
  }
  await sql`analyze action_logs`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of STATISTICS) await sql`drop statistics if exists ${sql.id(name)}`.execute(db);
}
