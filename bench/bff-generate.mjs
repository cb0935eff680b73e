// Fills the bench databases with 1,000,000 action-log rows and 1,000,000 players (ROWS=n for
// another size): PGlite in bench/.data/pglite-<rows>/, PostgreSQL at BENCH_PG_URL (default
// postgres://phoenix_test:phoenix_test@127.0.0.1:5433/phoenix_bench). Only tops up what is missing.
// BENCH_TARGETS=pglite or =postgres for one of them.
import { runTs } from './lib/run.mjs';

runTs('./generate-main.ts');
