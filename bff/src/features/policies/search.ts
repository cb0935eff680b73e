import { idOrNamePrefix, type SearchProvider } from '../../db/search';

/** Policies by id or name prefix, for "Find anything" (GET /search). */
const searchPolicies: SearchProvider = async (db, terms) =>
  (await idOrNamePrefix(db, 'policies', 'name', terms)).map((row) => ({
    area: 'policies',
    id: String(row.id),
    label: row.label,
    match: row.match,
  }));

export default searchPolicies;
