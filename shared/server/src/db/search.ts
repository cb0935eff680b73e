import { sql, type Kysely } from 'kysely';
import { SEARCH_HITS_PER_AREA, searchIdOf, searchWalletOf, type SearchHit } from '@phoenix/contract';
import { likeEscape } from './like';

/**
 * "Find anything": what one query means to every area's search provider. A provider is the
 * default export of `features/<area>/search.ts` (found by folder like routes.ts: @phoenix/server's features.ts), so
 * an area adds itself to GET /search without any central list. Each provider answers with at most
 * `limit` hits through its own indexes: an exact id (primary key), an exact wallet (lower() index),
 * a name prefix (lower(name) collate "C" index, migration 0050): never a scan.
 */
export interface SearchTerms {
  /** As typed, trimmed. */
  text: string;
  /** LIKE pattern of a case-insensitive prefix: lower-cased, escaped, then '%'. */
  prefix: string;
  /** A whole number in integer range (a leading '#' allowed), else null. */
  id: number | null;
  /** A 0x wallet address, lower-cased, else null. */
  wallet: string | null;
  limit: number;
}

export type SearchProvider<DB> = (db: Kysely<DB>, terms: SearchTerms, now: Date) => Promise<SearchHit[]>;

export function searchTerms(q: string, limit = SEARCH_HITS_PER_AREA): SearchTerms {
  const text = q.trim();
  return { text, prefix: `${likeEscape(text.toLowerCase())}%`, id: searchIdOf(text), wallet: searchWalletOf(text), limit };
}

/**
 * The name key every provider searches and orders by: lower(column) in the "C" collation, the
 * expression of migration 0050's indexes (the only form whose LIKE prefix is an index range
 * whatever the database's collation).
 */
export const nameKey = (column: string) => sql`(lower(${sql.ref(column)}) collate "C")`;

export interface NamedRow {
  id: number;
  label: string;
  match: 'id' | 'name';
}

/**
 * The common case of a provider: a record by exact id, then records whose `column` starts with
 * the text (any case), at most `limit`, by name. Reads the primary key and the table's
 * lower(column) pattern index only.
 */
export async function idOrNamePrefix<DB>(db: Kysely<DB>, table: string, column: string, terms: SearchTerms): Promise<NamedRow[]> {
  const label = sql.ref(column);
  const key = nameKey(column);
  const { rows } = await sql<NamedRow>`
    (select id, ${label} as label, 'id' as match from ${sql.table(table)} where id = ${terms.id ?? 0})
    union all
    (select id, ${label} as label, 'name' as match from ${sql.table(table)}
      where ${key} like ${terms.prefix} and id <> ${terms.id ?? 0}
      order by ${key}, id limit ${terms.limit})
    limit ${terms.limit}`.execute(db);
  return rows;
}
