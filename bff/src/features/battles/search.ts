import type { SearchProvider } from '../../db/search';

/**
 * Battles by exact id (primary key; a battle has no name), for "Find anything" (GET /search):
 * the detail says its mode, status and start so the admin knows it is the one before opening it.
 */
const searchBattles: SearchProvider = async (db, terms) => {
  if (terms.id === null) return [];
  const rows = await db.selectFrom('battles').select(['id', 'mode', 'status', 'started_at']).where('id', '=', terms.id).execute();
  return rows.map((row) => ({
    area: 'battles',
    id: String(row.id),
    label: `#${row.id}`,
    detail: [row.mode, row.status, new Date(row.started_at).toISOString().slice(0, 16).replace('T', ' ')].join(' · '),
    match: 'id' as const,
  }));
};

export default searchBattles;
