// bench/explain-lists.mjs: EXPLAIN (ANALYZE, BUFFERS) of every query one GET /action-logs runs, on
// the PostgreSQL bench database (QUERY='q=restrict&sort=action'): to check that the planner uses
// the index meant for a filter and sort. Prints each query's plan and its execution time.
import { actionLogQuerySchema, KyselyDb, pg, PostgresDialect, type CompiledQuery } from './deps';
import { listActionLogs, type ActionLogSort } from '../../bff/src/features/actionLogs/repository';
import { DEFAULT_PG_URL } from './databases';

async function main() {
  const pool = new pg.Pool({ connectionString: process.env.BENCH_PG_URL ?? DEFAULT_PG_URL, max: 1 });
  const queries: CompiledQuery[] = [];
  const db = new KyselyDb<any>({ dialect: new PostgresDialect({ pool }), log: (event) => void queries.push(event.query) });
  const raw = Object.fromEntries(new URLSearchParams(process.env.QUERY ?? ''));
  const query = actionLogQuerySchema.parse(raw);
  await listActionLogs(db, query, query.sort as ActionLogSort | undefined, 'order' in raw);
  for (const compiled of queries) {
    const result = await pool.query<Record<string, string>>(`explain (analyze, buffers) ${compiled.sql}`, [...compiled.parameters]);
    const plan = result.rows.map((row) => row['QUERY PLAN']);
    const verbose = process.env.VERBOSE === '1';
    console.log(
      `\n${compiled.sql.slice(0, verbose ? undefined : 300)}\n  ${(verbose ? plan : plan.filter((l) => /Scan|Append|Sort|Execution|Limit/.test(l))).join('\n  ')}`,
    );
  }
  await db.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
