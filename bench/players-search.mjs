// GET /players p50/p95 for each search kind (exact id, name prefix, wallet, filters) at 1,000,000
// players, on PGlite and PostgreSQL. Fills the databases first if needed (see bff-generate.mjs).
// RUNS=n requests per kind (30), BENCH_TARGETS=pglite|postgres, ROWS=n, BENCH_PG_URL.
import { runTs } from './lib/run.mjs';

runTs('./players-search-main.ts');
