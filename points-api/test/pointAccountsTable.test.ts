// First: the support module's jest.mock calls make kysely, PGlite and Fastify loadable here.
import { createSharedDatabase, type SharedDatabase } from './support/pointsTestApp';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { POINTS_MIGRATIONS } from '../src/db/migrations';

/**
 * Migration 0036 renames points.users to points.accounts (the table is named after its area) on a
 * database that has accounts: the rows, the ledger's hold on balances and the ticket purchase (whose
 * PL/pgSQL bodies named the old table) work on under the new name; down renames it all back.
 */
let shared: SharedDatabase;
let migrator: Migrator;
beforeAll(async () => {
  shared = await createSharedDatabase();
  migrator = new Migrator({
    db: shared.db,
    provider: { getMigrations: async () => POINTS_MIGRATIONS },
    allowUnorderedMigrations: true,
    migrationTableSchema: 'points',
  });
});
afterAll(() => shared.close());

const db = () => shared.db;
const q = async <T>(statement: ReturnType<typeof sql<T>>) => (await statement.execute(db())).rows;
const tables = () =>
  q<{ name: string }>(sql`select tablename as name from pg_tables where schemaname = 'points' and tablename in ('users', 'accounts')`);
const parts = async (table: string) =>
  [
    ...(await q<{ name: string }>(sql`select indexname as name from pg_indexes where schemaname = 'points' and tablename = ${table}`)),
    ...(await q<{ name: string }>(
      sql`select conname as name from pg_constraint where conrelid = ${`points.${table}`}::regclass and contype = 'c'`,
    )),
  ].map((r) => r.name);
const naming = (table: string) =>
  q<{ name: string }>(sql`select proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'points' and strpos(p.prosrc, ${table}) > 0 order by proname`);
const balance = async (table: string, id: number) =>
  Number((await q<{ balance: string }>(sql`select balance from ${sql.table(`points.${table}`)} where id = ${id}`))[0]!.balance);
const credit = (id: number, amount: number) =>
  sql`insert into points.ledger_entries (player_id, kind, amount, reason, created_at) values (${id}, 'adjustment', ${amount}, 'test', now())`.execute(
    db(),
  );

test('0036 renames points.users to points.accounts with its rows, indexes, constraints and functions; down renames them back', async () => {
  const before = await migrator.migrateTo('0035_points_economy');
  expect(before.error).toBeUndefined();
  await sql`insert into points.users (id, wallet, version, created_at, updated_at) values (7, null, 1, now(), now())`.execute(db());
  await credit(7, 500);
  const oldParts = await parts('users');
  expect(oldParts.length).toBeGreaterThan(3);
  expect(oldParts.every((name) => name.startsWith('users_'))).toBe(true);

  // Up to 0036 only, so that migrateDown below undoes this migration whatever later ones exist.
  const up = await migrator.migrateTo('0036_point_accounts_table');
  expect(up.error).toBeUndefined();
  expect(up.results?.map((r) => r.migrationName)).toContain('0036_point_accounts_table');
  expect(await tables()).toEqual([{ name: 'accounts' }]);
  expect((await parts('accounts')).sort()).toEqual(oldParts.map((name) => name.replace(/^users_/, 'accounts_')).sort());
  expect(await naming('points.users')).toEqual([]);
  expect((await naming('points.accounts')).map((r) => r.name)).toEqual(['buy_lottery_ticket', 'ledger_entry_applied']);
  // The ledger's trigger moves the balance of the renamed table; a direct change is still refused.
  expect(await balance('accounts', 7)).toBe(500);
  await credit(7, -200);
  expect(await balance('accounts', 7)).toBe(300);
  await expect(sql`update points.accounts set balance = 1 where id = 7`.execute(db())).rejects.toThrow(/only through a ledger entry/);
  // The ticket purchase finds the account (and its funds) under the new name.
  const [round] = await q<{ id: number }>(
    sql`insert into points.lottery_rounds (name, ticket_price, prizes, draw_at, seed, seed_hash)
      values ('Rename', 100, '[]', now() + interval '1 day', repeat('a', 64), repeat('b', 64)) returning id`,
  );
  const [ticket] = await q<{ replayed: boolean }>(sql`select * from points.buy_lottery_ticket(${round!.id}, 7, 'rename-1', 100, now())`);
  expect(ticket!.replayed).toBe(false);
  expect(await balance('accounts', 7)).toBe(200);
  // A points API of the previous build, beside this one during a rolling deploy, reads and locks accounts under the old name (a view).
  expect(await balance('users', 7)).toBe(200);
  expect(await q<{ id: number }>(sql`select id from points.users where id = 7 for update`)).toEqual([{ id: 7 }]);

  const down = await migrator.migrateDown();
  expect(down.error).toBeUndefined();
  expect(await tables()).toEqual([{ name: 'users' }]);
  expect((await parts('users')).sort()).toEqual([...oldParts].sort());
  expect(await naming('points.accounts')).toEqual([]);
  await credit(7, 50);
  expect(await balance('users', 7)).toBe(250);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await balance('accounts', 7)).toBe(250);
});
