import { sql, type Kysely, type RawBuilder } from 'kysely';

/** Past this many distinct values a lookup gives up (the caller falls back to a plain filter). */
export const DISTINCT_LOOKUP_LIMIT = 1_000;

/**
 * The distinct values of an indexed expression by a loose index scan: one index probe per value,
 * so it costs the number of distinct values, not the number of rows (40 admins in a million log
 * rows: 41 probes). null when there are more than `limit` (not a small set: use another path).
 */
export async function distinctValues(
  db: Kysely<any>,
  table: string,
  expression: RawBuilder<string>,
  limit = DISTINCT_LOOKUP_LIMIT,
): Promise<string[] | null> {
  const { rows } = await sql<{ value: string }>`
    with recursive walk (value) as (
      (select ${expression} from ${sql.table(table)} where ${expression} is not null order by ${expression} limit 1)
      union all
      select (select ${expression} from ${sql.table(table)} where ${expression} > walk.value order by ${expression} limit 1)
      from walk
      where walk.value is not null
    )
    select value from walk where value is not null limit ${limit + 1}`.execute(db);
  return rows.length > limit ? null : rows.map((row) => row.value);
}
