// A bulk ban of 100,000 players, timed with and without its per-id action-log targets
// (action_log_targets, every banned id): median of RUNS runs each, PGlite and/or PostgreSQL.
import { runTs } from './lib/run.mjs';

runTs('./bulk-log-main.ts');
