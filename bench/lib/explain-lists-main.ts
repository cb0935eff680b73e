// bench/explain-lists.mjs: EXPLAIN (ANALYZE, BUFFERS) of every query one GET /action-logs runs, on
// a bench database (QUERY='q=restrict&sort=action'; BENCH_TARGETS=pglite for the PGlite one): to
// check that the planner uses the index meant for a filter and sort. Prints each query's plan
// lines that name a scan, a merge or a sort, and its execution time (VERBOSE=1: whole plans).
import { actionLogQuerySchema, KyselyDb, pg, PGlite, PGliteDialect, pg_trgm, PostgresDialect, type CompiledQuery } from './deps';
import { listActionLogs, type ActionLogSort } from '../../bff/src/features/actionLogs/repository';
import { benchTargets } from './databases';

async function main() {
  const [target] = benchTargets(Number(process.env.ROWS ?? 1_000_000), {
    ...process.env,
    BENCH_TARGETS: process.env.BENCH_TARGETS ?? 'postgres',
  });
  let explain: (compiled: CompiledQuery) => Promise<string[]>;
  let dialect;
  let close: () => Promise<void>;
  if (target.db.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.db.connectionString, max: 1 });
    dialect = new PostgresDialect({ pool });
    explain = async (c) =>
      (await pool.query<Record<string, string>>(`explain (analyze, buffers) ${c.sql}`, [...c.parameters])).rows.map((r) => r['QUERY PLAN']);
    close = () => pool.end();
  } else {
    const pglite = new PGlite({ dataDir: target.db.dataDir, extensions: { pg_trgm } });
    dialect = new PGliteDialect(pglite);
    explain = async (c) =>
      (await pglite.query<Record<string, string>>(`explain (analyze, buffers) ${c.sql}`, [...c.parameters])).rows.map(
        (r) => r['QUERY PLAN'],
      );
    close = () => pglite.close();
  }
  const queries: CompiledQuery[] = [];
  const db = new KyselyDb<any>({ dialect, log: (event) => void queries.push(event.query) });
  const raw = Object.fromEntries(new URLSearchParams(process.env.QUERY ?? ''));
  const query = actionLogQuerySchema.parse(raw);
  await listActionLogs(db, query, query.sort as ActionLogSort | undefined, 'order' in raw);
  const verbose = process.env.VERBOSE === '1';
  for (const compiled of queries) {
    const plan = await explain(compiled);
    const shown = verbose ? plan : plan.filter((line) => /Scan|Append|Sort|Execution|Limit/.test(line));
    console.log(`\n${compiled.sql.slice(0, verbose ? undefined : 300)}\n  ${shown.join('\n  ')}`);
  }
  await close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
