import path from 'node:path';
import { sql, type Kysely } from './deps';
import { createDb, type DbTarget } from './deps';
import { migrateToLatest } from '../../bff/src/db/migrate';
import { countRows, fillActionLogs, fillActionLogTargets, fillPlayers, withoutSecondaryIndexes } from './generate';

/**
 * The bench databases, filled once and reused by every run (and every area's benchmark):
 *  - PGlite: a data folder under bench/.data/ (git-ignored), one per size;
 *  - PostgreSQL: BENCH_PG_URL (default: database phoenix_bench on the local test server).
 */
export interface BenchTarget {
  name: 'pglite' | 'postgres';
  db: DbTarget;
  /** The environment that points the BFF (shared/server/src/config.ts) at this database. */
  env: Record<string, string>;
}

export const DEFAULT_PG_URL = 'postgres://phoenix_test:phoenix_test@127.0.0.1:5433/phoenix_bench';

export function benchTargets(rows: number, env: NodeJS.ProcessEnv = process.env): BenchTarget[] {
  const wanted = (env.BENCH_TARGETS ?? 'pglite,postgres').split(',').map((s) => s.trim());
  const dataDir = path.resolve(__dirname, '..', '.data', `pglite-${rows}`);
  const url = env.BENCH_PG_URL ?? DEFAULT_PG_URL;
  const all: BenchTarget[] = [
    { name: 'pglite', db: { kind: 'pglite', dataDir }, env: { PGLITE_DATA_DIR: dataDir } },
    { name: 'postgres', db: { kind: 'postgres', connectionString: url }, env: { DATABASE_URL: url } },
  ];
  return all.filter((t) => wanted.includes(t.name));
}

export interface Fill {
  actionLogs: number;
  players: number;
  /** action_log_targets rows (bulk entries' records): as many as action-log rows unless given. */
  actionLogTargets?: number;
}

/** Migrates, then tops the tables up to the wanted sizes (only what is missing) and refreshes statistics. */
export async function prepareDatabase(target: BenchTarget, fill: Fill, log: (line: string) => void): Promise<Fill> {
  const db: Kysely<any> = createDb(target.db);
  try {
    await migrateToLatest(db);
    const now = new Date('2026-11-01T00:00:00Z');
    const logs = await countRows(db, 'action_logs');
    let filled = false;
    if (logs < fill.actionLogs) {
      filled = true;
      const started = Date.now();
      log(`[${target.name}] filling action_logs: ${logs} → ${fill.actionLogs} rows`);
      await withoutSecondaryIndexes(db, 'action_logs', (db) =>
        fillActionLogs(db, fill.actionLogs - logs, now, (done) =>
          log(`[${target.name}]   ${done} rows (${((Date.now() - started) / 1000).toFixed(0)} s)`),
        ),
      );
      log(`[${target.name}]   indexes rebuilt (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    const wantedTargets = fill.actionLogTargets ?? fill.actionLogs;
    const targets = await countRows(db, 'action_log_targets');
    if (targets < wantedTargets) {
      filled = true;
      log(`[${target.name}] filling action_log_targets: ${targets} → ${wantedTargets} rows`);
      await withoutSecondaryIndexes(db, 'action_log_targets', (db) =>
        fillActionLogTargets(db, wantedTargets - targets, Math.max(fill.players, 1)),
      );
    }
    const players = await countRows(db, 'players');
    if (players < fill.players) {
      filled = true;
      log(`[${target.name}] filling players: ${players} → ${fill.players} rows`);
      await fillPlayers(db, fill.players, now);
    }
    // Statistics, and the visibility map index-only scans need (PGlite runs no autovacuum).
    if (filled) await sql`vacuum analyze`.execute(db);
    return { actionLogs: await countRows(db, 'action_logs'), players: await countRows(db, 'players') };
  } finally {
    await db.destroy();
  }
}
