// GET /search ("Find anything", Ctrl/Cmd+K) p50/p95 at 1,000,000 players on PostgreSQL: a mix of
// exact ids, name prefixes (selective and broad), wallets in any case, record names, and words and
// substrings of names (trigram indexes: "Kim", "ana", and texts nothing matches), through the real BFF;
// the word and substring queries get a p50/p95 line of their own. Fills the database first if needed (bench/lib/databases.ts).
// QUERIES=n (200), ROWS=n (1,000,000), BENCH_PG_URL (the local test server's phoenix_bench),
// BENCH_TARGETS=postgres|pglite (postgres).
import { runTs } from './lib/run.mjs';

runTs('./search-main.ts');
