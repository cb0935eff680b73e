import { sql, type Kysely } from 'kysely';
import { trigramSchema } from '@phoenix/server/db';

/**
 * "Find anything" matches words and substrings too ("Kim" finds Julia Kim): after the prefix
 * branch (migration 0050's lower(name) collate "C" indexes), `lower(name) like '% kim%'` and
 * `like '%kim%'` read these trigram indexes (gin_trgm_ops serves LIKE with a leading wildcard
 * whatever the collation). Built where pg_trgm can be had (PGlite loads it: db/connect.ts); without
 * it the search still answers, the word and substring branches scanning (the BFF warns at start).
 */
const INDEXES: readonly [name: string, table: string, column: string][] = [
  ['players_name_trgm_idx', 'players', 'name'],
  ['presents_name_trgm_idx', 'presents', 'name'],
  ['policies_name_trgm_idx', 'policies', 'name'],
  ['news_title_trgm_idx', 'news', 'title'],
  ['items_name_trgm_idx', 'items', 'name'],
];

export async function up(db: Kysely<any>): Promise<void> {
  const trgm = await trigramSchema(db);
  if (!trgm) return;
  const ops = sql`${sql.id(trgm)}.gin_trgm_ops`;
  for (const [name, table, column] of INDEXES)
    await sql`create index ${sql.id(name)} on ${sql.table(table)} using gin ((lower(${sql.ref(column)})) ${ops})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}
