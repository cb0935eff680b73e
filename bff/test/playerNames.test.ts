// Loads the CommonJS builds of kysely (see support/commonJs.ts) before sql is imported.
import { createTestApp, type TestApp } from './support/testApp';
import { sql } from 'kysely';
import { renameGeneratedPlayers, seedLocalPlayers } from '../src/features/players/repository';
import { NAME_PAIRS, playerNameOf, playerNameSql } from '../src/features/players/names';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('generated player names', () => {
  test('realistic first and last names; a number only once every pair is used', () => {
    expect(playerNameOf(1)).toMatch(/^\p{Lu}\p{L}+ \p{Lu}\p{L}+$/u);
    expect(playerNameOf(NAME_PAIRS)).not.toMatch(/\d/);
    expect(playerNameOf(NAME_PAIRS + 1)).toBe(`${playerNameOf(1)} 2`);
    expect(playerNameOf(1_000_000)).toMatch(/^\p{Lu}\p{L}+ \p{Lu}\p{L}+ \d+$/u);
    // Neighbouring ids share neither name.
    const [a, b] = [playerNameOf(41).split(' '), playerNameOf(42).split(' ')];
    expect(a[0]).not.toBe(b[0]);
    expect(a[1]).not.toBe(b[1]);
  });

  test('the SQL rule gives the same names as the TypeScript one, distinct over 20,000 ids', async () => {
    const ids = [1, 2, 97, 2000, NAME_PAIRS - 1, NAME_PAIRS, NAME_PAIRS + 1, 9_999, 10_000, 10_001, 654_321, 1_000_000];
    const { rows } = await sql<{ id: number; name: string }>`
      select i as id, ${playerNameSql(sql`i`)} as name from unnest(${sql.lit(`{${ids.join(',')}}`)}::int[]) as i`.execute(t.db);
    expect(rows.map((r) => [r.id, r.name])).toEqual(ids.map((id) => [id, playerNameOf(id)]));
    const distinct = await sql<{ names: string | number }>`
      select count(distinct ${playerNameSql(sql`i`)}) as names from generate_series(1, 20000) as i`.execute(t.db);
    expect(Number(distinct.rows[0].names)).toBe(20_000);
  });

  test('the seed inserts them and an older bench table is renamed in place, once', async () => {
    await seedLocalPlayers(t.db, 30, t.clock.now());
    await t.db.updateTable('players').set({ name: 'Player 0007' }).where('id', '=', 7).execute();
    expect(await renameGeneratedPlayers(t.db, 30)).toBe(1);
    expect(await renameGeneratedPlayers(t.db, 30)).toBe(0);
    const row = await t.db.selectFrom('players').select('name').where('id', '=', 7).executeTakeFirstOrThrow();
    expect(row.name).toBe(playerNameOf(7));
  });
});
