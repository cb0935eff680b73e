import { sql, type RawBuilder } from 'kysely';

/**
 * Sort key of a list column. Text sorts ignore case (lower()), so the order is the same on PGlite
 * (C collation) and on a PostgreSQL server whatever its collation; other columns sort as they are.
 */
export function sortKey(column: string, kind: 'text' | 'plain'): RawBuilder<unknown> {
  return kind === 'text' ? sql`lower(${sql.ref(column)})` : sql`${sql.ref(column)}`;
}
