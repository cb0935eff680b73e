// First: its jest.mock calls make kysely, PGlite and Fastify loadable here.
import { createPointsTestApp, insertLegacyTickets, logsOf, openAccounts, type PointsTestApp } from './support/pointsTestApp';
import { sql } from 'kysely';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drawWinners } from '../src/features/pointsLottery/draw';
import { drawRound } from '../src/features/pointsLottery/rounds';
import type { AppContext } from '../src/context';

/** A round's tickets (list, CSV the draw reruns from) and its cancellation with refunds through the ledger. */
let t: PointsTestApp;
beforeAll(async () => {
  t = await createPointsTestApp();
  // Point accounts for the ticket holders (they come from the game), 1,000 points each.
  await openAccounts(t.shared.db, [1, 2, 3, 4, 5], 1000);
});
afterAll(() => t.close());

const HOUR = 3600_000;
const inHours = (hours: number) => new Date(t.shared.clock.now().getTime() + hours * HOUR).toISOString();
const prizes = [
  { rank: 1, reward: 1000, count: 1 },
  { rank: 2, reward: 100, count: 2 },
];
const createRound = async (name: string) =>
  (await t.call('POST', '/lottery/rounds', { name, ticketPrice: 30, prizes, drawAt: inHours(24) })).json();
const sellTickets = (roundId: number, playerIds: number[]) => t.buyTickets(roundId, playerIds, 30);
const unpaid = <T extends { entryId: unknown; unpaidReason: unknown }>({ entryId: _e, unpaidReason: _u, ...winner }: T) => winner;
const ctxOf = (): AppContext => ({ db: t.shared.db, now: t.shared.clock.now, settings: t.shared.settings });
const balances = async () =>
  Object.fromEntries(
    (await t.shared.db.selectFrom('points.accounts').select(['id', 'balance']).execute()).map((u) => [u.id, Number(u.balance)]),
  );

/** Parses the RFC 4180 CSV the export writes (quoted cells with doubled quotes, CRLF), BOM dropped. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)) {
    const cells = [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1]!).slice(0, -1);
    rows.push(cells.map((c) => (c.startsWith('"') ? c.slice(1, -1).replace(/""/g, '"') : c)));
  }
  return rows;
}

test('tickets: a paged list in draw order with the players and the points a cancellation would refund', async () => {
  const round = await createRound('Listed');
  await sellTickets(round.id, [3, 1, 3, 2, 1, 3]);
  const first = await t.call('GET', `/lottery/rounds/${round.id}/tickets?page=1&pageSize=4`);
  expect(first.statusCode).toBe(200);
  const body = first.json();
  expect(body).toMatchObject({ total: 6, page: 1, pageSize: 4, players: 3, refundPoints: 180, withoutDebit: 0 });
  expect(body.items.every((i: { entryId: number | null }) => i.entryId !== null)).toBe(true);
  expect(body.items.map((i: { playerId: number }) => i.playerId)).toEqual([3, 1, 3, 2]);
  const ids = body.items.map((i: { id: number }) => i.id);
  expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  const second = (await t.call('GET', `/lottery/rounds/${round.id}/tickets?page=2&pageSize=4`)).json();
  expect(second.items.map((i: { playerId: number }) => i.playerId)).toEqual([1, 3]);
  expect((await t.call('GET', '/lottery/rounds/999999/tickets')).statusCode).toBe(404);
  expect((await t.call('GET', `/lottery/rounds/${round.id}/tickets?pageSize=5000`)).statusCode).toBe(400);
});

test('ticket CSV: every ticket with the seed hash and prizes; with the revealed seed it reruns the published draw', async () => {
  const round = await createRound('Exported');
  await sellTickets(
    round.id,
    Array.from({ length: 9 }, (_, i) => 1 + (i % 5)),
  );
  expect(await drawRound(ctxOf(), { roundId: round.id, drawAt: round.drawAt })).toBe(true);
  const drawn = (await t.call('GET', `/lottery/rounds/${round.id}`)).json();

  const response = await t.call('GET', `/lottery/rounds/${round.id}/tickets/export.csv`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/csv/);
  expect(response.headers['content-disposition']).toContain(`lottery-round-${round.id}-tickets.csv`);
  const [header, ...rows] = parseCsv(response.body);
  expect(header).toEqual(['roundId', 'ticketId', 'playerId', 'seedHash', 'prizes']);
  expect(rows).toHaveLength(9);
  expect(rows.every((r) => r[0] === String(round.id) && r[3] === round.seedHash)).toBe(true);
  const tickets = rows.map((r) => ({ id: Number(r[1]), playerId: Number(r[2]) }));
  expect(drawWinners(drawn.seed, tickets, JSON.parse(rows[0]![4]!))).toEqual(drawn.winners.map(unpaid));
  expect(drawn.winners).toHaveLength(3);
  // What the page tells anyone to run: the published script, on the downloaded file and the revealed seed.
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'lottery-csv-')), 'tickets.csv');
  writeFileSync(file, response.body);
  const script = path.join(__dirname, '../../scripts/lottery-verify.mjs');
  expect(JSON.parse(execFileSync(process.execPath, [script, file, drawn.seed, '--json'], { encoding: 'utf8' }))).toEqual(
    drawn.winners.map(unpaid),
  );

  const empty = await createRound('No tickets');
  expect(parseCsv((await t.call('GET', `/lottery/rounds/${empty.id}/tickets/export.csv`)).body)).toHaveLength(1);
  expect((await t.call('GET', '/lottery/rounds/999999/tickets/export.csv')).statusCode).toBe(404);
});

test('cancel sent twice at once: every debit reversed once through the ledger, one 409 with the state, one log row', async () => {
  const round = await createRound('Cancelled');
  const players = [1, 2, 2, 4, 4, 4, 5];
  const bought = await sellTickets(round.id, players);
  const { job_id: jobId } = await t.shared.db
    .selectFrom('points.lottery_rounds')
    .select('job_id')
    .where('id', '=', round.id)
    .executeTakeFirstOrThrow();
  expect(jobId).toBeTruthy();
  const before = await balances();

  const body = { version: round.version, ticketCount: players.length };
  const answers = await Promise.all([
    t.call('POST', `/lottery/rounds/${round.id}/cancel`, body),
    t.call('POST', `/lottery/rounds/${round.id}/cancel`, body),
  ]);
  expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  const refused = answers.find((a) => a.statusCode === 409)!.json();
  expect(refused.error.message).toMatch(/already been cancelled/);
  expect(refused.error.current).toMatchObject({ status: 'cancelled' });
  const cancelled = answers.find((a) => a.statusCode === 200)!.json();
  expect(cancelled).toMatchObject({ status: 'cancelled', version: round.version + 1 });
  expect(cancelled.cancelledAt).toBeTruthy();
  // And later, sequentially: still a 409, still no second refund.
  expect((await t.call('POST', `/lottery/rounds/${round.id}/cancel`, { ...body, version: cancelled.version })).statusCode).toBe(409);

  const entries = await t.shared.db
    .selectFrom('points.ledger_entries')
    .select(['player_id', 'amount', 'kind', 'reverses_id'])
    .where('idempotency_key', 'like', `lottery-refund:${round.id}:%`)
    .orderBy('reverses_id')
    .execute();
  // Each refund reverses exactly the debit that paid for its ticket.
  expect(entries).toEqual(bought.map((b) => ({ player_id: b.playerId, amount: 30, kind: 'reversal', reverses_id: b.entryId })));
  const after = await balances();
  expect(after).toEqual({ ...before, 1: before[1]! + 30, 2: before[2]! + 60, 4: before[4]! + 90, 5: before[5]! + 30 });
  // The running balance of each refund entry is consistent with the user's balance.
  const last = await t.shared.db
    .selectFrom('points.ledger_entries')
    .select(['player_id', 'balance_after'])
    .where('player_id', '=', 4)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(Number(last.balance_after)).toBe(after[4]);

  const logs = (await logsOf(t, 'pointsLotteryRound')).filter(
    (l) => l.action === 'pointsLotteryRound.cancel' && l.target_id === String(round.id),
  );
  expect(logs).toHaveLength(1);
  const refund = { tickets: 7, players: 4, points: 210, withoutDebit: 0, alreadyReversed: 0 };
  expect(logs[0]!.after).toMatchObject({ status: 'cancelled', refund });
  expect(cancelled).toMatchObject({ refund, cancelledBy: expect.stringContaining('@') });

  // The draw job is cancelled, and the draw itself would refuse the round anyway.
  const { rows } = await sql<{ state: string }>`select state from points_boss.job where id = ${jobId}`.execute(t.shared.db);
  expect(rows.map((r) => r.state)).toEqual(['cancelled']);
  expect(await drawRound(ctxOf(), { roundId: round.id, drawAt: round.drawAt })).toBe(false);
  expect((await t.call('GET', `/lottery/rounds/${round.id}`)).json()).toMatchObject({
    status: 'cancelled',
    winners: [],
    drawnAt: null,
    seed: null,
  });

  // No more tickets, no more edits; the list filters it.
  await expect(sellTickets(round.id, [1])).rejects.toThrow(/409 .*no longer on sale/);
  const edit = await t.call('PUT', `/lottery/rounds/${round.id}`, {
    name: 'Back',
    ticketPrice: 30,
    prizes,
    drawAt: inHours(30),
    version: cancelled.version,
  });
  expect(edit.statusCode).toBe(409);
  const list = (await t.call('GET', '/lottery/rounds?status=cancelled')).json();
  expect(list.items.map((r: { id: number }) => r.id)).toEqual([round.id]);
  expect((await t.call('GET', '/lottery/rounds?status=open')).json().items.map((r: { id: number }) => r.id)).not.toContain(round.id);
});

test('cancel refuses: a stale ticket count (409, nothing refunded), a drawn round, a body without a version', async () => {
  const round = await createRound('Moving');
  await sellTickets(round.id, [1, 2]);
  const stale = await t.call('POST', `/lottery/rounds/${round.id}/cancel`, { version: round.version, ticketCount: 1 });
  expect(stale.statusCode).toBe(409);
  // The English text for API clients, its key and values for the console's language.
  expect(stale.json().error).toMatchObject({
    message: 'This round now has 2 tickets, not 1: review the refund and confirm again',
    messageKey: 'this_round_now_has_n_tickets_not_m',
    messageParams: { tickets: 2, confirmed: 1 },
  });
  expect((await t.call('GET', `/lottery/rounds/${round.id}`)).json().status).toBe('open');

  const drawn = await createRound('Drawn first');
  await sellTickets(drawn.id, [1]);
  await drawRound(ctxOf(), { roundId: drawn.id, drawAt: drawn.drawAt });
  const late = await t.call('POST', `/lottery/rounds/${drawn.id}/cancel`, { version: drawn.version, ticketCount: 1 });
  expect(late.statusCode).toBe(409);
  expect(late.json().error.message).toMatch(/has been drawn/);

  expect((await t.call('POST', `/lottery/rounds/${drawn.id}/cancel`, {})).statusCode).toBe(400);
});

test('cancel reverses only what was taken: tickets without a debit are reported, a debit reversed by hand is not reversed twice', async () => {
  const round = await createRound('Old data');
  const [paid, reversedByHand] = await sellTickets(round.id, [1, 2]);
  // Sold before tickets had debits: nothing was taken (player 77 has no account at all).
  await insertLegacyTickets(t.shared.db, round.id, [3, 77]);
  const reversal = await t.points.inject({
    method: 'POST',
    url: `/point-accounts/2/ledger/${reversedByHand!.entryId}/reverse`,
    headers: { token: t.token, 'idempotency-key': `by-hand-${round.id}` },
    payload: { reason: 'Refunded by support' },
  });
  expect(reversal.statusCode).toBe(201);
  const page = (await t.call('GET', `/lottery/rounds/${round.id}/tickets`)).json();
  expect(page).toMatchObject({ total: 4, players: 4, refundPoints: 30, withoutDebit: 2 });

  const before = await balances();
  const cancelled = await t.call('POST', `/lottery/rounds/${round.id}/cancel`, { version: round.version, ticketCount: 4 });
  expect(cancelled.statusCode).toBe(200);
  expect(cancelled.json().refund).toEqual({ tickets: 1, players: 1, points: 30, withoutDebit: 2, alreadyReversed: 1 });
  expect(await balances()).toEqual({ ...before, 1: before[1]! + 30 });
  const refunds = await t.shared.db
    .selectFrom('points.ledger_entries')
    .select(['reverses_id'])
    .where('idempotency_key', 'like', `lottery-refund:${round.id}:%`)
    .execute();
  expect(refunds).toEqual([{ reverses_id: paid!.entryId }]);
});
