import { idOrNamePrefix, type SearchProvider } from '../../db/search';

/** Policies by id or name prefix, for "Find anything" (GET /search). */
const searchPolicies: SearchProvider = async (db, terms) =>
  (await idOrNamePrefix(db, 'policies', 'name', terms)).map((row) => ({
    area: 'policy',
    id: String(row.id),
    label: row.label,
    path: `policies/edit?id=${row.id}`,
    match: row.match,
  }));

export default searchPolicies;
