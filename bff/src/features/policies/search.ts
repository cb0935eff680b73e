import { idOrName, type SearchProvider } from '../../db/search';

/** Policies by id, or name prefix, word or substring, for "Find anything" (GET /search). */
const searchPolicies: SearchProvider = async (db, terms) =>
  (await idOrName(db, 'policies', 'name', terms)).map((row) => ({
    area: 'policies',
    id: String(row.id),
    label: row.label,
    match: row.match,
  }));

export default searchPolicies;
