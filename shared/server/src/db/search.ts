import { sql, type Kysely } from 'kysely';
import { SEARCH_HITS_PER_AREA, SEARCH_SUBSTRING_MIN, searchIdOf, searchWalletOf, type SearchHit } from '@phoenix/contract';
import { likeEscape } from './like';

/**
 * "Find anything": what one query means to every area's search provider. A provider is the
 * default export of `features/<area>/search.ts` (found by folder like routes.ts: @phoenix/server's features.ts), so
 * an area adds itself to GET /search without any central list. Each provider answers with at most
 * `limit` hits through its own indexes: an exact id (primary key), an exact wallet (lower() index),
 * a name prefix (lower(name) collate "C" index, migration 0050), then a word of the name starting
 * with the text and the text anywhere in the name (lower(name) trigram indexes, migration 0070):
 * never a scan.
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
  /**
   * LIKE pattern of a word of the name starting with the text ('% kim%': "Julia Kim"), lower-cased;
   * null for a text shorter than SEARCH_SUBSTRING_MIN (no trigram to narrow it).
   */
  word: string | null;
  /** LIKE pattern of the text anywhere ('%kim%'), lower-cased; null as `word`. */
  contains: string | null;
  limit: number;
}

/**
 * What the admin searching may see: a provider whose records belong to a scope the admin may not
 * read answers nothing (admins' e-mail addresses are personal data).
 */
export interface SearchViewer {
  roles: readonly string[];
}

export type SearchProvider<DB> = (db: Kysely<DB>, terms: SearchTerms, now: Date, viewer: SearchViewer) => Promise<SearchHit[]>;

export function searchTerms(q: string, limit = SEARCH_HITS_PER_AREA): SearchTerms {
  const text = q.trim();
  const escaped = likeEscape(text.toLowerCase());
  // Counted in characters, not UTF-16 units: "キム" is two.
  const long = [...text].length >= SEARCH_SUBSTRING_MIN;
  return {
    text,
    prefix: `${escaped}%`,
    id: searchIdOf(text),
    wallet: searchWalletOf(text),
    word: long ? `% ${escaped}%` : null,
    contains: long ? `%${escaped}%` : null,
    limit,
  };
}

/**
 * The key of the word and substring matches: lower(column), the expression of the trigram indexes
 * (migration 0070; gin_trgm_ops serves LIKE '%…%' whatever the collation).
 */
export const trigramKey = (column: string) => sql`lower(${sql.ref(column)})`;

/**
 * The name key every provider searches and orders by: lower(column) in the "C" collation, the
 * expression of migration 0050's indexes (the only form whose LIKE prefix is an index range
 * whatever the database's collation).
 */
export const nameKey = (column: string) => sql`(lower(${sql.ref(column)}) collate "C")`;

export interface NamedRow {
  id: number;
  label: string;
  match: 'id' | 'name' | 'word' | 'substring';
}

/**
 * The common case of a provider: a record by exact id, then records whose `column` starts with
 * the text (any case), then those with a word starting with it, then those containing it, at most
 * `limit` in all, each kind by name. The branches run in order and the outer LIMIT stops the later
 * ones once enough rows came: a prefix that fills the list never reads the trigram index. Reads the
 * primary key, the lower(column) collate "C" index and the lower(column) trigram index only.
 */
export async function idOrName<DB>(db: Kysely<DB>, table: string, column: string, terms: SearchTerms): Promise<NamedRow[]> {
  const label = sql.ref(column);
  const key = nameKey(column);
  const words = trigramKey(column);
  const id = terms.id ?? 0;
  const from = sql`from ${sql.table(table)}`;
  const notPrefix = sql`id <> ${id} and not ${key} like ${terms.prefix}`;
  const { rows } = await sql<NamedRow>`
    (select id, ${label} as label, 'id' as match ${from} where id = ${id})
    union all
    (select id, ${label} as label, 'name' as match ${from}
      where ${key} like ${terms.prefix} and id <> ${id}
      order by ${key}, id limit ${terms.limit})
    ${
      terms.word && terms.contains
        ? sql`union all
    (select id, ${label} as label, 'word' as match ${from}
      where ${words} like ${terms.word} and ${notPrefix}
      order by ${key}, id limit ${terms.limit})
    union all
    (select id, ${label} as label, 'substring' as match ${from}
      where ${words} like ${terms.contains} and not ${words} like ${terms.word} and ${notPrefix}
      order by ${key}, id limit ${terms.limit})`
        : sql``
    }
    limit ${terms.limit}`.execute(db);
  return rows;
}

/**
 * The schema pg_trgm lives in, installing it when the role may (PostgreSQL 13+ marks it trusted:
 * a database owner can; PGlite loads it, db/connect.ts), for a migration that adds trigram indexes.
 * It goes to `public`, not the session's schema, so dropping one schema (the tests make one per app)
 * never drops it under another. null when it cannot be had: the attempt runs under a savepoint so
 * the migration's transaction survives the refusal, and the search then matches by prefix only
 * as fast as before (the word and substring branches scan: the app warns at start).
 */
export async function trigramSchema(db: Kysely<any>): Promise<string | null> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema ?? null;
  const existing = await installed();
  if (existing) return existing;
  await sql`savepoint install_pg_trgm_search`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint install_pg_trgm_search`.execute(db);
  } catch {
    await sql`rollback to savepoint install_pg_trgm_search`.execute(db);
    return null;
  }
  return installed();
}
