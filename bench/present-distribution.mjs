// Sends one present to every player of a fresh database of PLAYERS (default 1,000,000) players:
// the distribution job's body (set-based insert … select … on conflict do nothing, in batches),
// then the same job again (nothing delivered twice). In-memory PGlite by default;
// BENCH_TARGETS=pglite,postgres adds PostgreSQL at BENCH_PG_URL (a throwaway schema, dropped after).
import { runTs } from './lib/run.mjs';

runTs('./present-distribution-main.ts');
