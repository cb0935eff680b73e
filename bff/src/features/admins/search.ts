import { sql } from 'kysely';
import { can, type SearchHit } from '@phoenix/contract';
import { likeEscape } from '@phoenix/server/db';
import type { SearchProvider } from '../../db/search';

/**
 * Admin accounts by id or e-mail address (exact, prefix, then anywhere: "julia@" and "@example.com"
 * both find julia@example.com), for "Find anything" (GET /search). Only for an admin whose roles may
 * read admin accounts (scope 'admins'): to anyone else the provider answers nothing. A few dozen
 * rows: no index of its own. Password hashes and second factors are never read.
 */
const searchAdmins: SearchProvider = async (db, terms, _now, viewer) => {
  if (!can(viewer.roles, 'admins', 'read')) return [];
  const text = terms.text.toLowerCase();
  const email = sql<string>`lower(email)`;
  const rows = await db
    .selectFrom('admins')
    .select(['id', 'email', 'status'])
    .where((eb) => eb.or([eb('id', '=', terms.id ?? 0), eb(email, 'like', `%${likeEscape(text)}%`)]))
    .orderBy(sql`case when id = ${terms.id ?? 0} or lower(email) = ${text} then 0 when lower(email) like ${terms.prefix} then 1 else 2 end`)
    .orderBy(email)
    .limit(terms.limit)
    .execute();
  return rows.map((row): SearchHit => ({
    area: 'admins',
    id: String(row.id),
    label: row.email,
    detail: `#${row.id} · ${row.status}`,
    match: row.id === terms.id || row.email.toLowerCase() === text ? 'id' : row.email.toLowerCase().startsWith(text) ? 'name' : 'substring',
  }));
};

export default searchAdmins;
