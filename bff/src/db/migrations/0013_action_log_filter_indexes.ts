import { sql, type Kysely } from 'kysely';

/**
 * A filter and a sort together at 1,000,000 action-log rows. Migration 0010 gave every
 * sort its (key, id) index; a filtered list then walked that index and dropped the rows the filter
 * refused (or fetched every match and sorted them). These put the filter's column first, so one
 * value is one range, already in list order:
 *  - admin (its emails), action (its values) and target type, newest first (the default order);
 *  - target type sorted by action (the target box and the action column together), carrying the
 *    action and target id so that a search (q) on top is checked in the index, not in the table.
 */
const INDEXES: [name: string, keys: ReturnType<typeof sql>, include?: ReturnType<typeof sql>][] = [
  ['action_logs_admin_email_created_at_id_idx', sql`admin_email, created_at, id`],
  ['action_logs_action_created_at_id_idx', sql`action, created_at, id`],
  ['action_logs_target_type_created_at_id_idx', sql`target_type, created_at, id`],
  ['action_logs_target_type_action_lower_id_idx', sql`target_type, lower(action), id`, sql`action, target_id`],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, keys, include] of INDEXES) {
    const covering = include ? sql` include (${include})` : sql``;
    await sql`create index if not exists ${sql.id(name)} on action_logs (${keys})${covering}`.execute(db);
  }
  // Superseded: (action, created_at, id) serves every equality on action, and the range of a prefix.
  await sql`drop index if exists action_logs_action_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists action_logs_action_idx on action_logs (action)`.execute(db);
  for (const [name] of INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}
