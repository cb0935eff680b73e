// First: the support module's jest.mock calls make kysely, PGlite and Fastify loadable here.
import { createPointsTestApp, type PointsTestApp } from './support/pointsTestApp';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { LedgerEntry } from '@phoenix/contract';
import { seedLocalPointUsers } from '../src/seed';

/**
 * Issue 49: the ledger is held by the database (migration 0032). A balance moves only through an
 * entry; the entry's balance_after is the database's; entries are never changed or deleted. Checked
 * against the database's own refusals, then over random sequences of adjustments and reversals
 * through the API (fast-check): the books balance after every step.
 */
let t: PointsTestApp;
const ACCOUNTS = 6;
beforeAll(async () => {
  t = await createPointsTestApp();
  await seedLocalPointUsers(t.shared.db, ACCOUNTS, t.shared.clock.now());
});
afterAll(() => t.close());

const raw = (statement: ReturnType<typeof sql>) => statement.execute(t.shared.db);
const refusal = async (statement: ReturnType<typeof sql>) => {
  const error = await raw(statement).then(
    () => null,
    (e: { code?: string; message?: string }) => e,
  );
  expect(error).not.toBeNull();
  return error!;
};

/** Every account's balance against its entries, the running balance of each entry, and no balance below 0. */
async function books() {
  const { rows } = await sql<{
    accounts: number;
    mismatched: number;
    negative: number;
    balances: string;
    entries: string;
    running: number;
  }>`
    select
      (select count(*)::int from points.users) as accounts,
      (select count(*)::int from points.users u
        where u.balance <> coalesce((select sum(amount) from points.ledger_entries e where e.player_id = u.id), 0)) as mismatched,
      (select count(*)::int from points.users where balance < 0) as negative,
      (select coalesce(sum(balance), 0)::text from points.users) as balances,
      (select coalesce(sum(amount), 0)::text from points.ledger_entries) as entries,
      (select count(*)::int from (
        select balance_after, sum(amount) over (partition by player_id order by id) as running from points.ledger_entries
      ) r where r.balance_after <> r.running) as running`.execute(t.shared.db);
  return rows[0]!;
}

test('the seed balances: every account is the sum of its entries, each entry records the running balance', async () => {
  const state = await books();
  expect(state.accounts).toBe(ACCOUNTS);
  expect(state).toMatchObject({ mismatched: 0, negative: 0, running: 0 });
  expect(state.balances).toBe(state.entries);
});

test('the database refuses a balance moved without an entry, an account opened with points, and a rewritten entry', async () => {
  const before = await books();
  expect((await refusal(sql`update points.users set balance = balance + 500 where id = 1`)).message).toMatch(/only through a ledger entry/);
  expect(
    (await refusal(sql`insert into points.users (id, balance, version, created_at, updated_at) values (9001, 100, 1, now(), now())`))
      .message,
  ).toMatch(/opens at 0/);
  expect((await refusal(sql`update points.ledger_entries set amount = amount + 1 where player_id = 1`)).message).toMatch(/never changed/);
  expect((await refusal(sql`delete from points.ledger_entries where player_id = 1`)).message).toMatch(/never changed/);
  expect(await books()).toEqual(before);
});

test('an entry moves its balance whatever balance_after it is given, and one that would go below 0 changes nothing', async () => {
  const balanceOf = async (id: number) =>
    Number((await t.shared.db.selectFrom('points.users').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance);
  const start = await balanceOf(2);
  await raw(sql`insert into points.ledger_entries (player_id, kind, amount, balance_after, reason, created_at)
    values (2, 'checkin', 30, 999999, 'Check-in', now())`);
  expect(await balanceOf(2)).toBe(start + 30);
  const last = await t.shared.db
    .selectFrom('points.ledger_entries')
    .select('balance_after')
    .where('player_id', '=', 2)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(Number(last.balance_after)).toBe(start + 30);
  const error = await refusal(sql`insert into points.ledger_entries (player_id, kind, amount, reason, created_at)
    values (2, 'purchase', ${-(start + 31)}, 'Shop', now())`);
  expect(error.code).toBe('23514'); // the account's balance >= 0 check
  expect(await balanceOf(2)).toBe(start + 30);
  expect(
    (
      await refusal(
        sql`insert into points.ledger_entries (player_id, kind, amount, reason, created_at) values (424242, 'checkin', 5, '', now())`,
      )
    ).code,
  ).toBe('23503');
});

let keys = 0;
const newKey = () => `property-${process.pid}-${++keys}`;
const command = fc.oneof(
  fc.record({
    kind: fc.constant('adjust' as const),
    player: fc.integer({ min: 1, max: ACCOUNTS }),
    amount: fc.integer({ min: -400, max: 400 }).filter((n) => n !== 0),
  }),
  fc.record({ kind: fc.constant('reverse' as const), player: fc.integer({ min: 1, max: ACCOUNTS }), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('replay' as const),
    player: fc.integer({ min: 1, max: ACCOUNTS }),
    amount: fc.integer({ min: 1, max: 50 }),
  }),
);

type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;

async function run(step: Command): Promise<number> {
  const url = `/point-accounts/${step.player}`;
  const headers = (key: string) => ({ token: t.token, 'idempotency-key': key });
  if (step.kind === 'adjust') {
    const balance = Number(
      (await t.shared.db.selectFrom('points.users').select('balance').where('id', '=', step.player).executeTakeFirstOrThrow()).balance,
    );
    const response = await t.points.inject({
      method: 'POST',
      url: `${url}/adjustments`,
      payload: { amount: step.amount, reason: 'Property test' },
      headers: headers(newKey()),
    });
    // Applied, or refused (400) exactly when it would take the balance below 0.
    expect(response.statusCode).toBe(balance + step.amount < 0 ? 400 : 201);
    return response.statusCode;
  }
  if (step.kind === 'replay') {
    // The same request twice with one key: one entry.
    const key = newKey();
    const payload = { amount: step.amount, reason: 'Retried' };
    const first = await t.points.inject({ method: 'POST', url: `${url}/adjustments`, payload, headers: headers(key) });
    const second = await t.points.inject({ method: 'POST', url: `${url}/adjustments`, payload, headers: headers(key) });
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    return first.statusCode;
  }
  const entries: LedgerEntry[] = (await t.call('GET', `${url}/ledger?pageSize=200`)).json().items;
  const entry = entries[step.pick % entries.length];
  if (!entry) return 404;
  const response = await t.points.inject({
    method: 'POST',
    url: `${url}/ledger/${entry.id}/reverse`,
    payload: { reason: 'Property test' },
    headers: headers(newKey()),
  });
  return response.statusCode;
}

test('random adjustments, reversals and retries through the API keep the books balanced and no balance below 0', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 10 }), async (steps) => {
      for (const step of steps) {
        // 201 applied; 400 an adjustment below zero; 409 a reversal refused (of a reversal, of a
        // reversed entry, or one that would go below zero); 404 no entry to reverse.
        expect([201, 400, 404, 409]).toContain(await run(step));
        const state = await books();
        expect(state).toMatchObject({ mismatched: 0, negative: 0, running: 0 });
        expect(state.balances).toBe(state.entries);
      }
    }),
    { numRuns: 25 },
  );
});
