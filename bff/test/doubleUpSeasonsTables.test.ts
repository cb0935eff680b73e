// First: the support module's jest.mock calls make kysely, PGlite and Fastify loadable here.
import './support/testApp';
import { createTestDatabase } from '@phoenix/server/testing';
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { loadMigrations } from '../src/db/migrate';
import type { Database } from '../src/db/schema';

/**
 * Migration 0067 renames doubleup_seasons and doubleup_season_players to double_up_seasons and
 * double_up_season_players (named after their area) on a database with a season: the rows, the
 * foreign key, the identity and the indexes follow under the new names; down renames them back.
 */
let db: Kysely<Database>;
let drop: () => Promise<void>;
let migrator: Migrator;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase<Database>());
  migrator = new Migrator({
    db,
    provider: { getMigrations: async () => loadMigrations() },
    allowUnorderedMigrations: true,
    migrationTableSchema: 'public',
  });
});
afterAll(async () => {
  await db.destroy();
  await drop();
});

const q = async <T>(statement: ReturnType<typeof sql<T>>) => (await statement.execute(db)).rows;
/** The table's indexes, check constraints and sequences, by name. */
const parts = async (table: string) =>
  [
    ...(await q<{ name: string }>(sql`select indexname as name from pg_indexes where schemaname = 'public' and tablename = ${table}`)),
    ...(await q<{ name: string }>(sql`select conname as name from pg_constraint where conrelid = ${table}::regclass and contype = 'c'`)),
    ...(await q<{ name: string }>(sql`select pg_get_serial_sequence(${table}, 'id') as name where ${table} like '%seasons'`)),
  ]
    .map((r) => r.name.replace(/^public\./, ''))
    .sort();
const tables = async () =>
  (
    await q<{ name: string }>(
      sql`select tablename as name from pg_tables where schemaname = 'public' and tablename like '%season%' order by 1`,
    )
  ).map((r) => r.name);
const addSeason = (table: string, players: string, name: string) =>
  sql`with s as (insert into ${sql.table(table)} (name, starts_at, ends_at, participants, total_wagered, paid_out, version, created_at, updated_at)
      values (${name}, now(), now() + interval '1 day', 1, 10, 4, 1, now(), now()) returning id)
    insert into ${sql.table(players)} (season_id, player_id, wagered, paid_out, rounds) select id, 1, 10, 4, 2 from s`.execute(db);

test('0067 renames the double-up season tables with their rows, indexes, constraints and sequence; down renames them back', async () => {
  expect((await migrator.migrateTo('0066_action_log_head_as_owner')).error).toBeUndefined();
  await addSeason('doubleup_seasons', 'doubleup_season_players', 'First');
  const old = { seasons: await parts('doubleup_seasons'), players: await parts('doubleup_season_players') };
  expect(old.seasons.length).toBeGreaterThan(5);
  expect(old.players.length).toBeGreaterThan(3);

  // Up to 0067 only, so that migrateDown below undoes this migration whatever later ones exist.
  const up = await migrator.migrateTo('0067_double_up_seasons_tables');
  expect(up.error).toBeUndefined();
  expect(up.results?.map((r) => r.migrationName)).toContain('0067_double_up_seasons_tables');
  expect(await tables()).toEqual(['double_up_season_players', 'double_up_seasons', 'seasons']);
  const renamed = (names: string[], from: string, to: string) => names.map((n) => n.replace(new RegExp(`^${from}_`), `${to}_`)).sort();
  expect(await parts('double_up_seasons')).toEqual(renamed(old.seasons, 'doubleup_seasons', 'double_up_seasons'));
  expect(await parts('double_up_season_players')).toEqual(renamed(old.players, 'doubleup_season_players', 'double_up_season_players'));
  // The identity goes on, the foreign key holds, the generated column still computes.
  await addSeason('double_up_seasons', 'double_up_season_players', 'Second');
  expect(
    await q(
      sql`select s.id, s.name, p.net::int as net from double_up_seasons s join double_up_season_players p on p.season_id = s.id order by s.id`,
    ),
  ).toEqual([
    { id: 1, name: 'First', net: -6 },
    { id: 2, name: 'Second', net: -6 },
  ]);
  await expect(
    sql`insert into double_up_season_players (season_id, player_id, wagered, paid_out, rounds) values (99, 1, 0, 0, 0)`.execute(db),
  ).rejects.toThrow(/foreign key/);
  // A BFF of the previous build, beside this one during a rolling deploy, writes and reads under the old names (views).
  await addSeason('doubleup_seasons', 'doubleup_season_players', 'Third');
  expect(
    await q(
      sql`select s.name, p.net::int as net from doubleup_seasons s join doubleup_season_players p on p.season_id = s.id where s.id = 3`,
    ),
  ).toEqual([{ name: 'Third', net: -6 }]);

  expect((await migrator.migrateDown()).error).toBeUndefined();
  expect(await tables()).toEqual(['doubleup_season_players', 'doubleup_seasons', 'seasons']);
  expect(await parts('doubleup_seasons')).toEqual(old.seasons);
  expect(await parts('doubleup_season_players')).toEqual(old.players);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await tables()).toEqual(['double_up_season_players', 'double_up_seasons', 'seasons']);
});
