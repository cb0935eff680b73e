// EXPLAIN (ANALYZE, BUFFERS) of the queries behind one GET /action-logs on a bench database
// (BENCH_TARGETS=pglite for PGlite's): QUERY='q=restrict&sort=action' node bench/explain-lists.mjs (VERBOSE=1 for whole plans).
import { runTs } from './lib/run.mjs';

runTs('./explain-lists-main.ts');
