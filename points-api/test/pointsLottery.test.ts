import { createHash, createHmac } from 'node:crypto';
import { createPointsTestApp, insertLegacyTickets, logsOf, openAccounts, type PointsTestApp } from './support/pointsTestApp';
import { drawWinners, seedHashOf } from '../src/features/pointsLottery/draw';
import { drawRound, ticketsOf } from '../src/features/pointsLottery/rounds';
import type { AppContext } from '../src/context';

let t: PointsTestApp;
beforeAll(async () => {
  t = await createPointsTestApp();
  await openAccounts(t.shared.db, [1, 2, 3, ...Array.from({ length: 12 }, (_, i) => 500 + i)], 1000);
});
afterAll(() => t.close());

const HOUR = 3600_000;
const inHours = (hours: number) => new Date(t.shared.clock.now().getTime() + hours * HOUR).toISOString();
const prizes = [
  { rank: 2, reward: 100, count: 3 },
  { rank: 1, reward: 1000, count: 1 },
];
const newRound = (over: Record<string, unknown> = {}) => ({ name: 'Weekly draw', ticketPrice: 50, prizes, drawAt: inHours(24), ...over });

/** Tickets come from the player side: bought through the game server's route, each debited from its player. */
const sellTickets = (roundId: number, playerIds: number[], price = 50) => t.buyTickets(roundId, playerIds, price);
const unpaid = <T extends { entryId: unknown; unpaidReason: unknown }>({ entryId: _e, unpaidReason: _u, ...winner }: T) => winner;

const ctxOf = (): AppContext => ({ db: t.shared.db, now: t.shared.clock.now, settings: t.shared.settings });

describe('drawWinners (pure)', () => {
  const seed = 'ab'.repeat(32);
  const tickets = [9, 3, 7, 1, 12, 4].map((id) => ({ id, playerId: 100 + id }));

  test('follows the published recipe: ticket order by id, HMAC-SHA256(seed, slot) mod remaining, without replacement', () => {
    const winners = drawWinners(seed, tickets, [{ rank: 1, reward: 10, count: 2 }]);
    const sorted = [...tickets].sort((a, b) => a.id - b.id);
    const pick = (slot: number, n: number) =>
      Number(BigInt(`0x${createHmac('sha256', Buffer.from(seed, 'hex')).update(String(slot)).digest('hex')}`) % BigInt(n));
    const first = sorted.splice(pick(0, 6), 1)[0]!;
    const second = sorted.splice(pick(1, 5), 1)[0]!;
    expect(winners.map((w) => w.ticketId)).toEqual([first.id, second.id]);
  });

  test('deterministic whatever the ticket order; a different seed draws differently; no ticket wins twice', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, playerId: i + 1 }));
    const slots = [
      { rank: 1, reward: 500, count: 1 },
      { rank: 2, reward: 50, count: 10 },
    ];
    const a = drawWinners(seed, many, slots);
    expect(drawWinners(seed, [...many].reverse(), slots)).toEqual(a);
    expect(drawWinners('cd'.repeat(32), many, slots)).not.toEqual(a);
    expect(new Set(a.map((w) => w.ticketId)).size).toBe(11);
    expect(a.map((w) => w.rank)).toEqual([1, ...Array(10).fill(2)]);
  });

  test('more slots than tickets: every ticket wins once, the rest stay empty', () => {
    expect(drawWinners(seed, tickets.slice(0, 2), [{ rank: 1, reward: 1, count: 5 }])).toHaveLength(2);
    expect(drawWinners(seed, [], prizes)).toEqual([]);
  });
});

test('create: the seed hash is published, the seed stays secret; bad input is a 400', async () => {
  const created = await t.call('POST', '/lottery/rounds', newRound());
  expect(created.statusCode).toBe(201);
  const round = created.json();
  expect(round).toMatchObject({ status: 'open', seed: null, ticketCount: 0, winners: [], version: 1 });
  expect(round.seedHash).toMatch(/^[0-9a-f]{64}$/);
  expect(round.prizes.map((p: { rank: number }) => p.rank)).toEqual([1, 2]);
  expect(JSON.stringify((await t.call('GET', `/lottery/rounds/${round.id}`)).json())).not.toContain('"seed":"');
  expect((await logsOf(t, 'pointsLotteryRound'))[0]).toMatchObject({ action: 'pointsLotteryRound.create', target_id: String(round.id) });

  const past = await t.call('POST', '/lottery/rounds', newRound({ drawAt: inHours(-1) }));
  expect(past.statusCode).toBe(400);
  expect(past.json().error.fieldErrors).toHaveProperty('drawAt');
  const sameRank = await t.call('POST', '/lottery/rounds', newRound({ prizes: [prizes[0], prizes[0]] }));
  expect(sameRank.statusCode).toBe(400);
  expect((await t.call('POST', '/lottery/rounds', newRound({ ticketPrice: 0 }))).statusCode).toBe(400);
  expect((await t.call('POST', '/lottery/rounds', newRound({ prizes: [] }))).statusCode).toBe(400);
});

test('edit: a draw time in the past is a 400 and the round is unchanged', async () => {
  const round = (await t.call('POST', '/lottery/rounds', newRound({ name: 'Moved' }))).json();
  const past = await t.call('PUT', `/lottery/rounds/${round.id}`, { ...newRound({ name: 'Moved' }), drawAt: inHours(-1), version: 1 });
  expect(past.statusCode).toBe(400);
  expect(past.json().error.fieldErrors).toHaveProperty('drawAt');
  expect((await t.call('GET', `/lottery/rounds/${round.id}`)).json()).toMatchObject({ drawAt: round.drawAt, status: 'open', version: 1 });
});

test('frozen round: with tickets sold the price and prizes cannot change (409 with the reason); the name still can', async () => {
  const round = (await t.call('POST', '/lottery/rounds', newRound({ name: 'Frozen' }))).json();
  const repriced = await t.call('PUT', `/lottery/rounds/${round.id}`, { ...newRound({ name: 'Frozen' }), ticketPrice: 60, version: 1 });
  expect(repriced.statusCode).toBe(200);
  expect(repriced.json()).toMatchObject({ ticketPrice: 60, version: 2 });

  await sellTickets(round.id, [1, 2, 3], 60);
  const body = { ...newRound({ name: 'Frozen' }), ticketPrice: 60, version: 2 };
  const price = await t.call('PUT', `/lottery/rounds/${round.id}`, { ...body, ticketPrice: 70 });
  expect(price.statusCode).toBe(409);
  expect(price.json().error.message).toMatch(/3 tickets have been sold/);
  const prize = await t.call('PUT', `/lottery/rounds/${round.id}`, { ...body, prizes: [{ rank: 1, reward: 2000, count: 1 }] });
  expect(prize.statusCode).toBe(409);
  const renamed = await t.call('PUT', `/lottery/rounds/${round.id}`, { ...body, name: 'Frozen, renamed', prizes: [...prizes].reverse() });
  expect(renamed.statusCode).toBe(200);
  expect(renamed.json()).toMatchObject({ name: 'Frozen, renamed', ticketCount: 3, version: 3 });
});

test('the draw: once only, the seed revealed matches the hash, and the winners recompute from seed and tickets', async () => {
  const round = (await t.call('POST', '/lottery/rounds', newRound({ name: 'Drawn' }))).json();
  await sellTickets(
    round.id,
    Array.from({ length: 12 }, (_, i) => 500 + i),
  );
  const job = { roundId: round.id, drawAt: round.drawAt };
  expect(await drawRound(ctxOf(), { ...job, drawAt: inHours(48) })).toBe(false); // a job left by a rescheduled round
  expect(await drawRound(ctxOf(), job)).toBe(true);
  expect(await drawRound(ctxOf(), job)).toBe(false); // retried or duplicated: nothing happens

  const drawn = (await t.call('GET', `/lottery/rounds/${round.id}`)).json();
  expect(drawn).toMatchObject({ status: 'drawn', ticketCount: 12 });
  expect(drawn.seed).toMatch(/^[0-9a-f]{64}$/);
  expect(createHash('sha256').update(Buffer.from(drawn.seed, 'hex')).digest('hex')).toBe(drawn.seedHash);
  expect(seedHashOf(drawn.seed)).toBe(round.seedHash);
  expect(drawn.winners).toHaveLength(4);
  expect(drawWinners(drawn.seed, await ticketsOf(t.shared.db, round.id), drawn.prizes)).toEqual(drawn.winners.map(unpaid));
  // Each prize paid once, in the draw's transaction: its entry in the winner's ledger.
  for (const winner of drawn.winners) {
    expect(winner.unpaidReason).toBeNull();
    const entry = await t.shared.db
      .selectFrom('points.ledger_entries')
      .selectAll()
      .where('id', '=', winner.entryId)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      player_id: winner.playerId,
      kind: 'lottery',
      amount: winner.reward,
      idempotency_key: `lottery-prize:${round.id}:${winner.slot}`,
    });
  }
  expect(
    (await logsOf(t, 'pointsLotteryRound')).filter((l) => l.action === 'pointsLotteryRound.draw' && l.target_id === String(round.id)),
  ).toHaveLength(1);

  // Drawn: no more tickets, no more edits.
  await expect(sellTickets(round.id, [1])).rejects.toThrow(/409 .*no longer on sale/);
  const edit = await t.call('PUT', `/lottery/rounds/${round.id}`, { ...newRound({ name: 'Late' }), version: drawn.version });
  expect(edit.statusCode).toBe(409);
  expect(edit.json().error.message).toMatch(/has been drawn/);
});

test('list: status filter and search', async () => {
  const list = (await t.call('GET', '/lottery/rounds?status=drawn&page=1&pageSize=20')).json();
  expect(list.items.map((r: { name: string }) => r.name)).toEqual(['Drawn']);
  expect((await t.call('GET', '/lottery/rounds?status=nope')).statusCode).toBe(400);
  expect((await t.call('GET', '/lottery/rounds?q=frozen')).json().items).toHaveLength(1);
});

test('a prize whose winner cannot be paid stays unpaid with its reason and in the log; the retry pays it once', async () => {
  const round = (await t.call('POST', '/lottery/rounds', newRound({ name: 'Unpaid prize' }))).json();
  // A ticket from before debits existed, of a player with no point account: the only way a winner has none.
  await insertLegacyTickets(t.shared.db, round.id, [900]);
  expect(await drawRound(ctxOf(), { roundId: round.id, drawAt: round.drawAt })).toBe(true);
  const drawn = (await t.call('GET', `/lottery/rounds/${round.id}`)).json();
  expect(drawn.winners).toEqual([expect.objectContaining({ slot: 0, playerId: 900, entryId: null, unpaidReason: 'noPointAccount' })]);
  const flagged = (await logsOf(t, 'pointsLotteryRound')).filter(
    (l) => l.action === 'pointsLotteryRound.prizeUnpaid' && l.target_id === String(round.id),
  );
  expect(flagged).toHaveLength(1);

  const still = await t.call('POST', `/lottery/rounds/${round.id}/pay-prize`, { version: drawn.version, slot: 0 });
  expect(still.statusCode).toBe(409);
  expect(still.json().error.message).toMatch(/still has no point account/);
  expect((await t.call('POST', `/lottery/rounds/${round.id}/pay-prize`, { version: drawn.version, slot: 3 })).statusCode).toBe(409);

  await openAccounts(t.shared.db, [900], 0);
  const paid = await t.call('POST', `/lottery/rounds/${round.id}/pay-prize`, { version: drawn.version, slot: 0 });
  expect(paid.statusCode).toBe(200);
  const winner = paid.json().winners[0];
  expect(winner).toMatchObject({ unpaidReason: null, entryId: expect.any(Number) });
  const account = (await t.call('GET', '/point-accounts/900')).json();
  expect(account.balance).toBe(winner.reward);
  const again = await t.call('POST', `/lottery/rounds/${round.id}/pay-prize`, { version: paid.json().version, slot: 0 });
  expect(again.statusCode).toBe(409);
  expect(again.json().error.message).toMatch(/was paid/);
  expect((await t.call('GET', '/point-accounts/900')).json().balance).toBe(winner.reward);
  expect(
    (await logsOf(t, 'pointsLotteryRound')).filter((l) => l.action === 'pointsLotteryRound.payPrize' && l.target_id === String(round.id)),
  ).toHaveLength(1);
});
