import { sql, type Kysely } from 'kysely';
import { columnIndexes, expressionIndex, versionedColumns } from '@phoenix/server/db';

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('world_messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('message', 'varchar(500)', (c) => c.notNull())
    .addColumn('severity', 'varchar(16)', (c) => c.notNull().check(sql`severity in ('info', 'warning', 'critical')`))
    .addColumn('display_start', 'timestamptz', (c) => c.notNull())
    .addColumn('display_end', 'timestamptz', (c) => c.notNull())
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('cancelled_by', 'varchar(254)')
    .$call(versionedColumns)
    .addCheckConstraint('world_messages_display_window_check', sql`display_end > display_start`)
    .execute();
  await columnIndexes(db, 'world_messages', ['severity', 'display_start', 'display_end', 'cancelled_at', 'created_at']);
  // The severity sort is by rank, not by name: same expression as features/worldMessages/routes.ts.
  await expressionIndex(
    db,
    'world_messages_severity_rank_idx',
    'world_messages',
    sql`(case severity when 'info' then 1 when 'warning' then 2 else 3 end)`,
  );
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('world_messages').ifExists().execute();
}
