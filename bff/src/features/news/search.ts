import { idOrName, type SearchProvider } from '../../db/search';

/** News by id, or title prefix, word or substring, for "Find anything" (GET /search). */
const searchNews: SearchProvider = async (db, terms) =>
  (await idOrName(db, 'news', 'title', terms)).map((row) => ({
    area: 'news',
    id: String(row.id),
    label: row.label,
    match: row.match,
  }));

export default searchNews;
