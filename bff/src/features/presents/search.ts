import { idOrNamePrefix, type SearchProvider } from '../../db/search';

/** Presents by id or name prefix, for "Find anything" (GET /search). */
const searchPresents: SearchProvider = async (db, terms) =>
  (await idOrNamePrefix(db, 'presents', 'name', terms)).map((row) => ({
    area: 'presents',
    id: String(row.id),
    label: row.label,
    match: row.match,
  }));

export default searchPresents;
