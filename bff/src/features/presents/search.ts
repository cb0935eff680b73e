import { idOrName, type SearchProvider } from '../../db/search';

/** Presents by id, or name prefix, word or substring, for "Find anything" (GET /search). */
const searchPresents: SearchProvider = async (db, terms) =>
  (await idOrName(db, 'presents', 'name', terms)).map((row) => ({
    area: 'presents',
    id: String(row.id),
    label: row.label,
    match: row.match,
  }));

export default searchPresents;
