// First: the support module's jest.mock calls make kysely, PGlite and Fastify loadable here.
import { createPointsTestApp, TEST_GAME_SERVER_TOKEN, type PointsTestApp } from './support/pointsTestApp';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { LedgerEntry } from '@phoenix/contract';
import { seedLocalPointAccounts } from '../src/seed';
import { reconcile } from '../src/features/pointsEconomy/figures';
import { drawRound } from '../src/features/pointsLottery/rounds';

/**
 * The ledger is held by the database (migration 0032). A balance moves only through an
 * entry; the entry's balance_after is the database's; entries are never changed or deleted. Checked
 * against the database's own refusals, then over random sequences of adjustments, reversals,
 * ticket purchases, draws and cancellations through the API (fast-check): the books balance after
 * every step, and the economy report's reconciliation finds nothing off.
 */
let t: PointsTestApp;
const ACCOUNTS = 6;
beforeAll(async () => {
  t = await createPointsTestApp();
  await seedLocalPointAccounts(t.shared.db, ACCOUNTS, t.shared.clock.now());
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
      (select count(*)::int from points.accounts) as accounts,
      (select count(*)::int from points.accounts u
        where u.balance <> coalesce((select sum(amount) from points.ledger_entries e where e.player_id = u.id), 0)) as mismatched,
      (select count(*)::int from points.accounts where balance < 0) as negative,
      (select coalesce(sum(balance), 0)::text from points.accounts) as balances,
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
  expect((await refusal(sql`update points.accounts set balance = balance + 500 where id = 1`)).message).toMatch(
    /only through a ledger entry/,
  );
  expect(
    (await refusal(sql`insert into points.accounts (id, balance, version, created_at, updated_at) values (9001, 100, 1, now(), now())`))
      .message,
  ).toMatch(/opens at 0/);
  expect((await refusal(sql`update points.ledger_entries set amount = amount + 1 where player_id = 1`)).message).toMatch(/never changed/);
  expect((await refusal(sql`delete from points.ledger_entries where player_id = 1`)).message).toMatch(/never changed/);
  expect(await books()).toEqual(before);
});

test('an entry moves its balance whatever balance_after it is given, and one that would go below 0 changes nothing', async () => {
  const balanceOf = async (id: number) =>
    Number((await t.shared.db.selectFrom('points.accounts').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance);
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
      (await t.shared.db.selectFrom('points.accounts').select('balance').where('id', '=', step.player).executeTakeFirstOrThrow()).balance,
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

/** The lottery's moves, over rounds the sequence opens itself: a purchase, a draw at the due time, a cancellation. */
const lotteryCommand = fc.oneof(
  fc.record({ kind: fc.constant('open' as const), price: fc.integer({ min: 10, max: 300 }), slots: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('buy' as const), pick: fc.nat(), player: fc.integer({ min: 1, max: ACCOUNTS }), retry: fc.boolean() }),
  fc.record({ kind: fc.constant('draw' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
);
type LotteryCommand = typeof lotteryCommand extends fc.Arbitrary<infer T> ? T : never;
const rounds: { id: number; price: number; drawAt: string }[] = [];

async function runLottery(step: LotteryCommand | Command): Promise<number> {
  if (step.kind === 'adjust' || step.kind === 'replay' || step.kind === 'reverse') return run(step);
  if (step.kind === 'open') {
    const drawAt = new Date(t.shared.clock.now().getTime() + 86_400_000).toISOString();
    const prizes = [{ rank: 1, reward: 50 * step.slots, count: step.slots }];
    const created = await t.call('POST', '/lottery/rounds', {
      name: `Property ${rounds.length + 1}`,
      ticketPrice: step.price,
      prizes,
      drawAt,
    });
    expect(created.statusCode).toBe(201);
    rounds.push({ id: created.json().id, price: step.price, drawAt });
    return 201;
  }
  const round = rounds[(step.pick ?? 0) % Math.max(rounds.length, 1)];
  if (!round) return 404;
  const state = (await t.call('GET', `/lottery/rounds/${round.id}`)).json();
  if (step.kind === 'buy') {
    const balance = Number(
      (await t.shared.db.selectFrom('points.accounts').select('balance').where('id', '=', step.player).executeTakeFirstOrThrow()).balance,
    );
    const purchaseId = newKey();
    const send = () =>
      t.points.inject({
        method: 'POST',
        url: `/game/lottery/rounds/${round.id}/tickets`,
        payload: { purchaseId, playerId: step.player, ticketPrice: round.price },
        headers: { authorization: `Bearer ${TEST_GAME_SERVER_TOKEN}` },
      });
    const first = await send();
    // On sale and affordable: bought; else refused, nothing written.
    expect(first.statusCode).toBe(state.status !== 'open' || balance < round.price ? 409 : 201);
    if (step.retry && first.statusCode === 201) {
      // The game sends the purchase again: the same ticket, no second debit.
      const again = await send();
      expect([again.statusCode, again.json().ticketId]).toEqual([200, first.json().ticketId]);
    }
    return first.statusCode;
  }
  if (step.kind === 'draw') {
    const drew = await drawRound(
      { db: t.shared.db, now: t.shared.clock.now, settings: t.shared.settings },
      { roundId: round.id, drawAt: round.drawAt },
    );
    expect(drew).toBe(state.status === 'open' || state.status === 'drawing');
    return drew ? 200 : 409;
  }
  const cancel = await t.call('POST', `/lottery/rounds/${round.id}/cancel`, { version: state.version, ticketCount: state.ticketCount });
  expect(cancel.statusCode).toBe(state.status === 'open' ? 200 : 409);
  return cancel.statusCode;
}

test('random purchases, draws, cancels, adjustments and reversals keep the books balanced; the reconciliation finds nothing off', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.oneof(lotteryCommand, command), { minLength: 1, maxLength: 12 }), async (steps) => {
      for (const step of steps) {
        expect([200, 201, 400, 404, 409]).toContain(await runLottery(step));
        const state = await books();
        expect(state).toMatchObject({ mismatched: 0, negative: 0, running: 0 });
        expect(state.balances).toBe(state.entries);
        const figures = await reconcile(t.shared.db, t.shared.clock.now());
        expect(figures).toMatchObject({ accountsOff: 0, ticketsWithoutDebit: 0, unpaidPrizes: 0, mismatches: [] });
      }
      // A cancelled round gave back exactly what its tickets took: each debit reversed once.
      const { rows } = await sql<{ taken: string; given: string }>`
        select coalesce(sum(-d.amount), 0)::text as taken, coalesce(sum(r.amount), 0)::text as given
        from points.lottery_rounds lr
        join points.lottery_tickets t on t.round_id = lr.id
        join points.ledger_entries d on d.id = t.entry_id
        left join points.ledger_entries r on r.reverses_id = d.id
        where lr.cancelled_at is not null`.execute(t.shared.db);
      expect(rows[0]!.given).toBe(rows[0]!.taken);
    }),
    { numRuns: 25 },
  );
});
