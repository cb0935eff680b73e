// GET /action-logs/export.csv of 1,000,000 rows, PGlite and PostgreSQL: time, size, and the BFF's
// resident memory before, during (sampled) and at its peak. Fills the databases first if needed.
import { runTs } from './lib/run.mjs';

runTs('./csv-export-main.ts');
