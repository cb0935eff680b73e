import { sql, type Kysely } from './deps';
export { BENCH_ADMIN_COUNT, fillActionLogs, fillActionLogTargets, withoutSecondaryIndexes } from '../../bff/test/support/bulkData';
import { seedLocalPlayers } from '../../bff/src/features/players/repository';

/**
 * Bench data, set-based (one INSERT … SELECT generate_series per chunk, no round trip per row) and
 * deterministic (setseed): reusable by every area's benchmark through bench/lib/databases.ts.
 */

/** Players with ids 1..count (the BFF's own set-based seed statement). */
export async function fillPlayers(db: Kysely<any>, count: number, now: Date): Promise<void> {
  await seedLocalPlayers(db, count, now);
}

export async function countRows(db: Kysely<any>, table: string): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0].n);
}
