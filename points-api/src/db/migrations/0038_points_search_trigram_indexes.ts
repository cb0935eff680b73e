import { sql, type Kysely } from 'kysely';
import { trigramSchema } from '@phoenix/server/db';

/**
 * "Find anything" matches words and substrings of task titles and lottery round names ("lottery"
 * finds "Weekly lottery"): `lower(title) like '%…%'` reads these trigram indexes. Both tables hold
 * hundreds to a few thousand rows, so a scan would do today; the indexes keep the search's cost
 * flat as they grow. Built where pg_trgm can be had (PGlite loads it; a role that may not install
 * it leaves the search scanning these small tables). Ledger entries are found by id only (primary key).
 */
const INDEXES: readonly [name: string, table: string, column: string][] = [
  ['tasks_title_trgm_idx', 'tasks', 'title'],
  ['lottery_rounds_name_trgm_idx', 'lottery_rounds', 'name'],
];

export async function up(db: Kysely<any>): Promise<void> {
  const trgm = await trigramSchema(db);
  if (!trgm) return;
  const ops = sql`${sql.id(trgm)}.gin_trgm_ops`;
  for (const [name, table, column] of INDEXES)
    await sql`create index ${sql.id(name)} on ${sql.table(`points.${table}`)} using gin ((lower(${sql.ref(column)})) ${ops})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await sql`drop index if exists ${sql.id('points', name)}`.execute(db);
}
