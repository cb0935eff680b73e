// First: its jest.mock calls make kysely, PGlite and Fastify loadable here.
import { buyTicket, createPointsTestApp, openAccounts, TEST_GAME_SERVER_TOKEN, type PointsTestApp } from './support/pointsTestApp';
import { drawRound } from '../src/features/pointsLottery/rounds';
import type { AppContext } from '../src/context';

/**
 * A ticket lands only with the debit that paid for it: the game server's route, its own
 * credential, idempotent per purchase id, and every refusal a 4xx that changes nothing.
 */
let t: PointsTestApp;
beforeAll(async () => {
  t = await createPointsTestApp();
  await openAccounts(t.shared.db, [1], 1000);
  await openAccounts(t.shared.db, [2], 100);
});
afterAll(() => t.close());

const inHours = (hours: number) => new Date(t.shared.clock.now().getTime() + hours * 3600_000).toISOString();
const prizes = [{ rank: 1, reward: 500, count: 1 }];
const createRound = async (name: string, ticketPrice = 30) =>
  (await t.call('POST', '/lottery/rounds', { name, ticketPrice, prizes, drawAt: inHours(24) })).json();
const purchase = (roundId: number, payload: unknown, authorization: string | null = `Bearer ${TEST_GAME_SERVER_TOKEN}`) =>
  t.points.inject({
    method: 'POST',
    url: `/game/lottery/rounds/${roundId}/tickets`,
    payload: payload as object,
    headers: authorization ? { authorization } : {},
  });
const balanceOf = async (id: number) =>
  Number((await t.shared.db.selectFrom('points.accounts').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance);
const counts = async () => {
  const [entries, tickets] = await Promise.all([
    t.shared.db
      .selectFrom('points.ledger_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    t.shared.db
      .selectFrom('points.lottery_tickets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { entries: Number(entries.n), tickets: Number(tickets.n), balance1: await balanceOf(1), balance2: await balanceOf(2) };
};

test('a purchase writes the ticket and its lottery debit together; the same purchase id answers the same ticket', async () => {
  const round = await createRound('Bought');
  const first = await purchase(round.id, { purchaseId: 'purchase-0001', playerId: 1, ticketPrice: 30 });
  expect(first.statusCode).toBe(201);
  const bought = first.json();
  expect(bought).toMatchObject({ roundId: round.id, playerId: 1, balance: 970, replayed: false });
  const debit = await t.shared.db
    .selectFrom('points.ledger_entries')
    .selectAll()
    .where('id', '=', bought.entryId)
    .executeTakeFirstOrThrow();
  expect(debit).toMatchObject({ player_id: 1, kind: 'lottery', amount: -30, idempotency_key: 'lottery-ticket:purchase-0001' });
  const ticket = await t.shared.db
    .selectFrom('points.lottery_tickets')
    .selectAll()
    .where('id', '=', bought.ticketId)
    .executeTakeFirstOrThrow();
  expect(ticket).toMatchObject({ round_id: round.id, player_id: 1, entry_id: bought.entryId, purchase_id: 'purchase-0001' });

  const again = await purchase(round.id, { purchaseId: 'purchase-0001', playerId: 1, ticketPrice: 30 });
  expect(again.statusCode).toBe(200);
  expect(again.json()).toMatchObject({ ticketId: bought.ticketId, entryId: bought.entryId, replayed: true, balance: 970 });
  // Sent twice at once: one ticket, one debit.
  const racing = await Promise.all([1, 2, 3].map(() => purchase(round.id, { purchaseId: 'purchase-0002', playerId: 1, ticketPrice: 30 })));
  expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
  expect(new Set(racing.map((r) => r.json().ticketId)).size).toBe(1);
  expect(await balanceOf(1)).toBe(940);
  expect((await t.call('GET', `/lottery/rounds/${round.id}`)).json().ticketCount).toBe(2);
});

test('refusals: each a clear 4xx, balances, entries and tickets unchanged', async () => {
  const round = await createRound('Refused');
  const other = await createRound('Other');
  await buyTicket(t.points, round.id, { purchaseId: 'purchase-used', playerId: 2, ticketPrice: 30 });
  const before = await counts();
  const cases: [unknown, number, RegExp, number?][] = [
    [{ purchaseId: 'purchase-used', playerId: 1, ticketPrice: 30 }, 409, /already used for another ticket/],
    [{ purchaseId: 'purchase-used', playerId: 2, ticketPrice: 30 }, 409, /already used for another ticket/, other.id],
    [{ purchaseId: 'purchase-x1', playerId: 1, ticketPrice: 31 }, 400, /Some fields are invalid/],
    [{ purchaseId: 'purchase-x2', playerId: 3, ticketPrice: 30 }, 404, /no point account/],
    [{ purchaseId: 'purchase-x3', playerId: 1, ticketPrice: 30 }, 404, /round does not exist/, 999_999],
    [{ purchaseId: 'short', playerId: 1, ticketPrice: 30 }, 400, /Some fields are invalid/],
    [{ purchaseId: 'purchase-x4', playerId: 1 }, 400, /Some fields are invalid/],
    [{ purchaseId: 'purchase-x5', playerId: 1.5, ticketPrice: 30 }, 400, /Some fields are invalid/],
  ];
  for (const [body, status, message, roundId] of cases) {
    const answer = await purchase(roundId ?? round.id, body);
    expect([JSON.stringify(body), answer.statusCode]).toEqual([JSON.stringify(body), status]);
    expect(answer.json().error.message).toMatch(message);
  }
  // Player 2 has 70 points left: three tickets of 30 would overdraw it.
  const expensive = await createRound('Expensive', 80);
  const overdrawn = await purchase(expensive.id, { purchaseId: 'purchase-x6', playerId: 2, ticketPrice: 80 });
  expect(overdrawn.statusCode).toBe(409);
  expect(overdrawn.json().error.message).toMatch(/Not enough points/);
  expect(await counts()).toEqual(before);
});

test('the credential: none or a wrong one is a 401, and a service without GAME_SERVER_TOKEN refuses every call', async () => {
  const round = await createRound('Guarded');
  const body = { purchaseId: 'purchase-guard', playerId: 1, ticketPrice: 30 };
  expect((await purchase(round.id, body, null)).statusCode).toBe(401);
  expect((await purchase(round.id, body, 'Bearer not-the-token-of-the-game-server')).statusCode).toBe(401);
  expect((await purchase(round.id, body, `Basic ${TEST_GAME_SERVER_TOKEN}`)).statusCode).toBe(401);
  // An admin's session token is no game-server credential.
  const asAdmin = await t.points.inject({
    method: 'POST',
    url: `/game/lottery/rounds/${round.id}/tickets`,
    payload: body,
    headers: { token: t.token },
  });
  expect(asAdmin.statusCode).toBe(401);
  const closed = await t.anotherPointsApi({ gameServer: 'off' });
  try {
    const refused = await closed.inject({
      method: 'POST',
      url: `/game/lottery/rounds/${round.id}/tickets`,
      payload: body,
      headers: { authorization: `Bearer ${TEST_GAME_SERVER_TOKEN}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/GAME_SERVER_TOKEN/);
  } finally {
    await closed.close();
  }
  expect((await t.call('GET', `/lottery/rounds/${round.id}`)).json().ticketCount).toBe(0);
});

test('a round drawn, cancelled or past its draw time sells no more tickets', async () => {
  const ctx: AppContext = { db: t.shared.db, now: t.shared.clock.now, settings: t.shared.settings };
  const drawn = await createRound('Drawn');
  await buyTicket(t.points, drawn.id, { playerId: 1, ticketPrice: 30 });
  expect(await drawRound(ctx, { roundId: drawn.id, drawAt: drawn.drawAt })).toBe(true);
  const late = await purchase(drawn.id, { purchaseId: 'purchase-late', playerId: 1, ticketPrice: 30 });
  expect(late.statusCode).toBe(409);
  expect(late.json().error.message).toMatch(/no longer on sale/);

  const due = await createRound('Due');
  t.shared.clock.advanceMinutes(25 * 60);
  try {
    expect((await purchase(due.id, { purchaseId: 'purchase-due', playerId: 1, ticketPrice: 30 })).statusCode).toBe(409);
  } finally {
    t.shared.clock.advanceMinutes(-25 * 60);
  }
});
