import { idOrNamePrefix, type SearchProvider } from '../../db/search';

/** Presents by id or name prefix, for "Find anything" (GET /search). */
const searchPresents: SearchProvider = async (db, terms) =>
  (await idOrNamePrefix(db, 'presents', 'name', terms)).map((row) => ({
    area: 'present',
    id: String(row.id),
    label: row.label,
    path: `present/edit?id=${row.id}`,
    match: row.match,
  }));

export default searchPresents;
