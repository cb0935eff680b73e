// GET /action-logs p50/p95 at 1,000,000 rows for every filter and sort, on PGlite and PostgreSQL,
// and /health p95 while the heaviest list queries run. Fills the databases first if needed
// (see bff-generate.mjs). RUNS=n requests per variant (30), BENCH_TARGETS=pglite|postgres, ROWS=n.
import { runTs } from './lib/run.mjs';

runTs('./lists-main.ts');
