// GET /battles p50/p95 at 1,000,000 battles (ROWS=n for another size), with a status filter and
// the other filters and sorts, on PGlite and on PostgreSQL (BENCH_TARGETS=pglite or =postgres for
// one). Its own databases: PGlite in bench/.data/pglite-battles-<rows>/, and the schema
// battles_bench in BENCH_PG_URL's database, so the shared bench tables are not touched.
import { runTs } from './lib/run.mjs';

runTs('./battles-list-main.ts');
