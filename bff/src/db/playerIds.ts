import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * The ids (valid player ids, repeats allowed) that are not in the players table, in the order
 * given, each once.
 * One query with one int[] parameter (100,000 ids travel as one array value, parsed natively, the
 * same on PGlite and PostgreSQL), anti-joined on the primary key. The key range of the given ids
 * bounds the players side to an index-only range scan (without it PostgreSQL hashes the whole
 * table); the order given is restored here rather than sorted in the database. The array is
 * unnested in the select list, streamed into the join: `from unnest(...)` first copies its
 * 100,000 rows into a tuplestore, which spills to a temporary file past work_mem (side by side on
 * PostgreSQL: 68–84 ms against 100–174 ms).
 */
export async function unknownPlayerIds(db: Kysely<Database>, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  let low = ids[0];
  let high = ids[0];
  for (const id of ids) {
    if (id < low) low = id;
    if (id > high) high = id;
  }
  // The answer comes back as one text value too: 50,000 one-column rows cost the driver more to parse.
  const result = await sql<{ ids: string }>`
    select coalesce(string_agg(given.id::text, ','), '') as ids
    from (select unnest(${intArray(ids)}::integer[]) as id) as given
    where not exists (select 1 from players p where p.id = given.id and p.id between ${low}::integer and ${high}::integer)`.execute(db);
  const text = result.rows[0]?.ids ?? '';
  const unknown = new Set(text ? text.split(',').map(Number) : []);
  // Given order, each id once: deleting on the way keeps only an id's first occurrence.
  const ordered: number[] = [];
  for (const id of ids) if (unknown.delete(id)) ordered.push(id);
  return ordered;
}

/** An integer[] parameter as PostgreSQL's array text ('{1,2,3}'): one compact value both drivers pass as is. */
export function intArray(ids: readonly number[]): string {
  if (!ids.every(Number.isSafeInteger)) throw new TypeError('player ids must be integers');
  return `{${ids.join(',')}}`;
}
