// bench/points-economy.mjs: the reconciliation's figures and the economy report at 1,000,000 entries.
import os from 'node:os';
import path from 'node:path';
import { createDb, sql, type Kysely } from './deps';
import { DEFAULT_PG_URL } from './databases';
import { ms, percentile, printTable } from './stats';
import { migratePointsToLatest } from '../../points-api/src/db/migrate';
import { economyReport, RECONCILIATION_FIGURES } from '../../points-api/src/features/pointsEconomy/figures';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 10);
const ACCOUNTS = Math.max(1, Math.floor(ROWS / 10));
/** Each figure of the nightly run and the report page's whole answer (all five figures and the days), p95, on this 2-core machine. */
const TARGET_P95_MS = { pglite: 1_500, postgres: 1_000 };
const NOW = new Date('2026-11-01T00:00:00Z');

async function fill(db: Kysely<any>, log: (line: string) => void): Promise<void> {
  await migratePointsToLatest(db);
  const { rows } = await sql<{ n: string }>`select count(*) as n from points.ledger_entries`.execute(db);
  if (Number(rows[0]!.n) >= ROWS) return;
  const started = Date.now();
  log(`filling ${ACCOUNTS} accounts and ${ROWS} ledger entries over 90 days…`);
  // Bulk: the per-row triggers off (each entry would update its account), the balances set once after.
  await sql`alter table points.ledger_entries disable trigger user`.execute(db);
  await sql`alter table points.accounts disable trigger user`.execute(db);
  try {
    await bulkInsert(db);
  } finally {
    await sql`alter table points.accounts enable trigger user`.execute(db);
    await sql`alter table points.ledger_entries enable trigger user`.execute(db);
  }
  await sql`vacuum analyze`.execute(db);
  log(`filled in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function bulkInsert(db: Kysely<any>): Promise<void> {
  await sql`truncate points.ledger_entries, points.accounts cascade`.execute(db);
  await sql`
    insert into points.accounts (id, wallet, version, created_at, updated_at)
    select i, null, 1, ${NOW}::timestamptz, ${NOW}::timestamptz from generate_series(1, ${ACCOUNTS}::integer) as i`.execute(db);
  await sql`
    insert into points.ledger_entries (player_id, kind, amount, balance_after, reason, created_at)
    select 1 + (i % ${ACCOUNTS}), (array['taskReward','checkin','referral','lootbox','spin','lottery','purchase','adjustment'])[1 + (i / ${ACCOUNTS}) % 8],
      case when (i / ${ACCOUNTS}) % 8 in (5, 6) then -10 else 25 end, 0, '',
      ${NOW}::timestamptz - make_interval(secs => (i::bigint * 7919) % (90 * 86400))
    from generate_series(1, ${ROWS}::integer) as i`.execute(db);
  await sql`update points.accounts u set balance = e.total from (select player_id, sum(amount) as total from points.ledger_entries group by player_id) e where e.player_id = u.id`.execute(
    db,
  );
}

async function time(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  await work(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}

async function bench(name: 'pglite' | 'postgres', db: Kysely<any>): Promise<boolean> {
  const log = (line: string) => console.log(`[${name}] ${line}`);
  await fill(db, log);
  const day = (offset: number) => new Date(NOW.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const work: [string, () => Promise<unknown>][] = [
    ...Object.entries(RECONCILIATION_FIGURES).map(([figure, query]): [string, () => Promise<unknown>] => [figure, () => query(db)]),
    // What the page asks: the reconciliation and the days, in one snapshot.
    ['report page, 7 days', () => economyReport(db, { from: day(-7), to: day(-1) }, NOW)],
    ['report page, 92 days', () => economyReport(db, { from: day(-92), to: day(-1) }, NOW)],
  ];
  const target = TARGET_P95_MS[name];
  const rows: (string | number)[][] = [];
  let met = true;
  for (const [label, run] of work) {
    const times = await time(RUNS, run);
    const p95 = percentile(times, 95);
    met &&= p95 <= target;
    rows.push([label, ms(percentile(times, 50)), ms(p95), p95 <= target ? 'met' : `MISSED (${target} ms)`]);
  }
  console.log(
    `\n[${name}] ${ROWS.toLocaleString('en-US')} ledger entries, ${ACCOUNTS.toLocaleString('en-US')} accounts, ${RUNS} runs each; load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
  printTable(['figure', 'p50', 'p95', `target p95 ≤ ${target} ms`], rows);
  return met;
}

async function main(): Promise<void> {
  const targets = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',').map((s) => s.trim());
  let met = true;
  if (targets.includes('pglite')) {
    const db = createDb({ kind: 'pglite', dataDir: path.resolve(__dirname, '..', '.data', `points-economy-${ROWS}`) });
    try {
      met = (await bench('pglite', db)) && met;
    } finally {
      await db.destroy();
    }
  }
  if (targets.includes('postgres')) {
    const db = createDb({ kind: 'postgres', connectionString: process.env.BENCH_PG_URL ?? DEFAULT_PG_URL });
    try {
      met = (await bench('postgres', db)) && met;
    } finally {
      await db.destroy();
    }
  }
  process.exitCode = met ? 0 : 1;
}

void main();
