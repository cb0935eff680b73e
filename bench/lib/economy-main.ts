// bench/points-economy.mjs: the reconciliation's figures and the economy report at 1,000,000 entries.
import os from 'node:os';
import path from 'node:path';
import { createDb, sql, type Kysely } from './deps';
import { DEFAULT_PG_URL } from './databases';
import { fillLedger } from './ledgerFill';
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
  await fillLedger(db, { accounts: ACCOUNTS, entries: ROWS, now: NOW });
  await sql`vacuum analyze`.execute(db);
  log(`filled in ${((Date.now() - started) / 1000).toFixed(0)} s`);
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
