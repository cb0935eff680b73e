// bench/dashboard.mjs: the dashboard's summary at 1,000,000 players and 1,000,000 ledger entries.
import os from 'node:os';
import path from 'node:path';
import { createDb, sql, type Kysely } from './deps';
import { migrateToLatest } from '../../bff/src/db/migrate';
import { seedLocalPlayers } from '../../bff/src/features/players/repository';
import { generateBattles } from '../../bff/src/features/battles/repository';
import { dashboardRollup } from '../../bff/src/features/dashboard/rollup';
import { migratePointsToLatest } from '../../points-api/src/db/migrate';
import { economyDaysOf, economyRollup } from '../../points-api/src/features/pointsEconomy/rollup';
import { runRollup } from '../../bff/node_modules/@phoenix/server/src/jobs/dailyRollup';
import { startBff, timedGet } from './bff';
import { type BenchTarget, DEFAULT_PG_URL } from './databases';
import { fillLedger } from './ledgerFill';
import { ms, percentile, printTable } from './stats';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 50);
const BATTLES = Math.max(1, Math.floor(ROWS / 5));
const ACCOUNTS = Math.max(1, Math.floor(ROWS / 10));
const TARGET_P95_MS = 100;
const DATABASE = 'phoenix_bench_dashboard';

function targets(): BenchTarget[] {
  const wanted = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',').map((s) => s.trim());
  const dataDir = path.resolve(__dirname, '..', '.data', `dashboard-${ROWS}`);
  const url = new URL(process.env.BENCH_PG_URL ?? DEFAULT_PG_URL);
  url.pathname = `/${DATABASE}`;
  const all: BenchTarget[] = [
    { name: 'pglite', db: { kind: 'pglite', dataDir }, env: { PGLITE_DATA_DIR: dataDir } },
    { name: 'postgres', db: { kind: 'postgres', connectionString: url.toString() }, env: { DATABASE_URL: url.toString() } },
  ];
  return all.filter((t) => wanted.includes(t.name));
}

const count = async (db: Kysely<any>, table: string) =>
  Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);

/**
 * The data is relative to when it was filled (players seen in the last 30 days, battles and entries
 * of the last 90): filled again when it is more than a day old, so the windows hold what they would.
 */
async function prepare(target: BenchTarget, log: (line: string) => void): Promise<void> {
  if (target.db.kind === 'postgres') {
    const server = new URL(target.db.connectionString);
    server.pathname = '/postgres';
    const admin = createDb({ kind: 'postgres', connectionString: server.toString(), maxConnections: 1 });
    const { rows } = await sql`select 1 from pg_database where datname = ${DATABASE}`.execute(admin);
    if (rows.length === 0) await sql`create database ${sql.id(DATABASE)}`.execute(admin);
    await admin.destroy();
  }
  const db: Kysely<any> = createDb(target.db);
  try {
    await migrateToLatest(db);
    await migratePointsToLatest(db);
    const now = new Date();
    const { rows } = await sql<{ at: Date | null }>`select max(last_seen_at) as at from players`.execute(db);
    const fresh = rows[0]?.at && now.getTime() - new Date(rows[0].at).getTime() < 86_400_000;
    if (fresh && (await count(db, 'players')) >= ROWS && (await count(db, 'points.ledger_entries')) >= ROWS) return;
    const started = Date.now();
    const took = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
    log(`filling ${ROWS} players, ${BATTLES} battles over 90 days, ${ROWS} ledger entries over 90 days…`);
    await sql`truncate players, battles, battle_participants, dashboard_days cascade`.execute(db);
    await seedLocalPlayers(db, ROWS, now);
    log(`  players (${took()})`);
    for (let have = 0; have < BATTLES; have += 100_000) {
      await generateBattles(db, Math.min(100_000, BATTLES - have), now, { players: ROWS, spanDays: 90 });
    }
    log(`  battles (${took()})`);
    await sql`truncate points.economy_days`.execute(db);
    await fillLedger(db, { accounts: ACCOUNTS, entries: ROWS, now });
    log(`  ledger entries (${took()})`);
    await sql`vacuum analyze`.execute(db);
    log(`filled in ${took()}`);
  } finally {
    await db.destroy();
  }
}

async function timed(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 2; i++) await work(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}

async function bench(target: BenchTarget): Promise<boolean> {
  const log = (line: string) => console.log(`[${target.name}] ${line}`);
  await prepare(target, log);
  const rows: string[][] = [];
  let met = true;
  const row = (label: string, times: number[], target?: number) => {
    const p95 = percentile(times, 95);
    if (target !== undefined) met &&= p95 <= target;
    rows.push([label, ms(percentile(times, 50)), ms(p95), target === undefined ? '' : p95 <= target ? 'met' : `MISSED (${target} ms)`]);
  };

  // The rollups' first runs (the days the series show), as the durable jobs write them; and a run with nothing left to write.
  let db: Kysely<any> = createDb(target.db);
  try {
    await db.deleteFrom('dashboard_days').execute();
    await db.deleteFrom('points.economy_days').execute();
    const ctx = { db, now: () => new Date() };
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    for (const [label, rollup] of [
      ['battles rollup, first run (30 days)', dashboardRollup],
      ['points rollup, first run (92 days)', economyRollup],
    ] as const) {
      const started = performance.now();
      const days = await runRollup(ctx, rollup as never, { day: yesterday });
      rows.push([`${label}: ${days.length} days`, ms(performance.now() - started), '', '(once a day, in a job)']);
    }
    row('points rollup, a run with every day written', await timed(5, () => runRollup(ctx, economyRollup as never, { day: yesterday })));
    row('points per day, 30 days (GET /economy/days query)', await timed(RUNS, () => economyDaysOf(db, 30, new Date())), TARGET_P95_MS);
  } finally {
    await db.destroy();
  }

  const bff = await startBff(target);
  try {
    const get = async () => {
      const result = await timedGet(bff, '/dashboard/summary');
      if (result.status !== 200) throw new Error(`summary: ${result.status} ${result.body.slice(0, 300)}`);
      return result;
    };
    const body = JSON.parse((await get()).body) as { activity?: { playersActive: object; battlesPerDay: unknown[] } };
    log(`players active: ${JSON.stringify(body.activity?.playersActive)}; battles per day: ${body.activity?.battlesPerDay.length} days`);
    for (let i = 0; i < 2; i++) await get();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push((await get()).ms);
    row('GET /dashboard/summary (HTTP, whole answer)', times, TARGET_P95_MS);
  } finally {
    await bff.stop();
  }
  // PGlite has one session: the players' figure alone, once the BFF is stopped.
  db = createDb(target.db);
  try {
    const { playersActive } = await import('../../bff/src/features/dashboard/repository');
    row('players active 1 h / 24 h / 7 d (one statement)', await timed(RUNS, () => playersActive(db, new Date())));
  } finally {
    await db.destroy();
  }
  console.log(
    `\n[${target.name}] ${ROWS.toLocaleString('en-US')} players, ${ROWS.toLocaleString('en-US')} ledger entries, ${BATTLES.toLocaleString('en-US')} battles; ${RUNS} runs each; load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
  printTable(['what', 'p50', 'p95', `target p95 ≤ ${TARGET_P95_MS} ms`], rows);
  return met;
}

async function main() {
  let met = true;
  for (const target of targets()) met = (await bench(target)) && met;
  process.exitCode = met ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
