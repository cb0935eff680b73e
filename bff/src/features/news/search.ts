import { idOrNamePrefix, type SearchProvider } from '../../db/search';

/** News by id or title prefix, for "Find anything" (GET /search). */
const searchNews: SearchProvider = async (db, terms) =>
  (await idOrNamePrefix(db, 'news', 'title', terms)).map((row) => ({
    area: 'news',
    id: String(row.id),
    label: row.label,
    match: row.match,
  }));

export default searchNews;
