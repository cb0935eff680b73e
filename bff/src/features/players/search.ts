import { sql } from 'kysely';
import { checksumAddress, type SearchHit } from '@phoenix/contract';
import type { PlayerRow } from '../../db/schema';
import { nameKey, trigramKey, type SearchProvider } from '../../db/search';
import { banInForce } from './repository';

/**
 * Players by exact id (primary key), exact wallet in any case (players_wallet_lower_idx) or name
 * prefix in any case: the range scan on (lower(name) collate "C", id) (players_name_c_idx)
 * stops after `limit` rows, however broad the prefix (the bench: bench/search.mjs at 1,000,000 players).
 * Then, while the list has room, a word of the name starting with the text ("Kim": Julia Kim), then
 * the text anywhere, through the lower(name) trigram index (players_name_trgm_idx, migration 0070).
 * Those two are not ordered: sorting would read every match (a common trigram is tens of thousands
 * of players); the first `limit` the index gives are as good a sample as any.
 */
const searchPlayers: SearchProvider = async (db, terms, now) => {
  const hit =
    (match: SearchHit['match']) =>
    (row: PlayerRow): SearchHit => ({
      area: 'players',
      id: String(row.id),
      label: row.name,
      detail: [`#${row.id}`, row.wallet_address ? checksumAddress(row.wallet_address) : null, banInForce(row, now) ? 'banned' : null]
        .filter(Boolean)
        .join(' · '),
      match,
    });
  const byId = terms.id === null ? [] : await db.selectFrom('players').selectAll().where('id', '=', terms.id).execute();
  const byWallet =
    terms.wallet === null
      ? []
      : await db
          .selectFrom('players')
          .selectAll()
          .where(sql`lower(wallet_address)`, '=', terms.wallet)
          .limit(terms.limit)
          .execute();
  const byName =
    terms.wallet !== null
      ? []
      : await db
          .selectFrom('players')
          .selectAll()
          .where(nameKey('name'), 'like', terms.prefix)
          .orderBy(nameKey('name'))
          .orderBy('id')
          .limit(terms.limit)
          .execute();
  const seen = new Set<number>();
  const once = (rows: PlayerRow[]) => rows.filter((row) => !seen.has(row.id) && seen.add(row.id));
  const hits = [...once(byId).map(hit('id')), ...once(byWallet).map(hit('wallet')), ...once(byName).map(hit('name'))];
  if (terms.word && terms.contains && terms.wallet === null) {
    const key = trigramKey('name');
    const room = () => terms.limit - hits.length;
    if (room() > 0) {
      const byWord = await db
        .selectFrom('players')
        .selectAll()
        .where(key, 'like', terms.word)
        .where(nameKey('name'), 'not like', terms.prefix)
        .limit(room() + 1) // one more: the id hit may be among them
        .execute();
      hits.push(...once(byWord).map(hit('word')).slice(0, room()));
    }
    if (room() > 0) {
      const bySubstring = await db
        .selectFrom('players')
        .selectAll()
        .where(key, 'like', terms.contains)
        .where(key, 'not like', terms.word)
        .where(nameKey('name'), 'not like', terms.prefix)
        .limit(room() + 1)
        .execute();
      hits.push(...once(bySubstring).map(hit('substring')).slice(0, room()));
    }
  }
  return hits.slice(0, terms.limit);
};

export default searchPlayers;
