// The economy report's reconciliation at 1,000,000 ledger entries: each figure's query
// p50/p95, and a report of 7 and of 92 days, on PGlite and PostgreSQL. Fills a points schema once
// (PGlite under bench/.data/, PostgreSQL in BENCH_PG_URL's database). RUNS=n (10), ROWS=n, BENCH_TARGETS.
import { runTs } from './lib/run.mjs';

runTs('./economy-main.ts');
