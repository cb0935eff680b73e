// POST /players/validate-ids with 100,000 ids against 1,000,000 players, PGlite and PostgreSQL:
// p50/p95 of RUNS=10 calls. Fills the databases first if needed (see bff-generate.mjs).
import { runTs } from './lib/run.mjs';

runTs('./player-ids-main.ts');
