// GET /dashboard/summary p50/p95 at 1,000,000 players and 1,000,000 points ledger entries (ROWS=n
// for another size), with the daily rollups written first, on PGlite and on PostgreSQL
// (BENCH_TARGETS=pglite or =postgres for one); also the rollups' runs and the points API's
// per-day read (GET /economy/days' query, in-process). Its own databases: PGlite in
// bench/.data/dashboard-<rows>/, and the database phoenix_bench_dashboard beside BENCH_PG_URL's
// (created once), so the shared bench tables are not touched. RUNS=n (50).
import { runTs } from './lib/run.mjs';

runTs('./dashboard-main.ts');
