// First: its jest.mock calls make kysely, PGlite and Fastify loadable here.
import {
  buyTicket,
  createSharedDatabase,
  openAccounts,
  pointsDatabaseOf,
  signedInAdmin,
  TEST_GAME_SERVER_TOKEN,
  type PointsDatabase,
  type SharedDatabase,
} from './support/pointsTestApp';
import type { FastifyInstance } from 'fastify';
import { LONG_SESSIONS } from '@phoenix/server/testing';
import { buildPointsApp } from '../src/app';
import { drawWinners } from '../src/features/pointsLottery/draw';
import { ticketsOf } from '../src/features/pointsLottery/rounds';

/**
 * The draw job is durable: a round created by one points API process is drawn once by the next
 * one on the same database, after the first has stopped before the draw time.
 */
let shared: SharedDatabase;
let database: PointsDatabase;
let token: string;
beforeAll(async () => {
  shared = await createSharedDatabase(LONG_SESSIONS);
  database = await pointsDatabaseOf(shared);
  token = (await signedInAdmin(shared)).token;
});
afterAll(async () => {
  await database.close();
  await shared.close();
});

const startPointsApi = (seedLocalData = false): Promise<FastifyInstance> =>
  buildPointsApp({
    seedLocalData,
    db: database.connect(),
    now: shared.clock.now,
    jobs: { pollingIntervalSeconds: 0.5 },
    gameServer: { token: TEST_GAME_SERVER_TOKEN },
    ...LONG_SESSIONS,
  });

test('local seed: an open round with tickets, and a drawn one whose winners recompute; seeding twice adds nothing', async () => {
  const app = await startPointsApi(true);
  try {
    const list = (await app.inject({ method: 'GET', url: '/lottery/rounds?q=weekly&sort=drawAt&order=asc', headers: { token } })).json();
    expect(list.items.map((r: { status: string; ticketCount: number }) => [r.status, r.ticketCount])).toEqual([
      ['drawn', 18],
      ['open', 24],
    ]);
    const drawn = list.items[0];
    const winners = drawn.winners.map(({ entryId: _e, unpaidReason: _u, ...w }: { entryId: unknown; unpaidReason: unknown }) => w);
    expect(drawWinners(drawn.seed, await ticketsOf(shared.db, drawn.id), drawn.prizes)).toEqual(winners);
    // Its prizes paid, every ticket debited: the seed's books balance.
    expect(drawn.winners.every((w: { entryId: number | null }) => w.entryId !== null)).toBe(true);
    const orphans = await shared.db.selectFrom('points.lottery_tickets').select('id').where('entry_id', 'is', null).execute();
    expect(orphans).toEqual([]);
    expect(list.items[1].seed).toBeNull();
  } finally {
    await app.close();
  }
  const again = await startPointsApi(true);
  try {
    expect((await again.inject({ method: 'GET', url: '/lottery/rounds?q=weekly', headers: { token } })).json().items).toHaveLength(2);
  } finally {
    await again.close();
  }
});

test('a draw scheduled a few seconds ahead runs once across a restart of the points API', async () => {
  const first = await startPointsApi();
  const drawAt = new Date(shared.clock.now().getTime() + 3_000).toISOString();
  const created = await first.inject({
    method: 'POST',
    url: '/lottery/rounds',
    headers: { token },
    payload: { name: 'Across a restart', ticketPrice: 10, prizes: [{ rank: 1, reward: 100, count: 2 }], drawAt },
  });
  expect(created.statusCode).toBe(201);
  const { id } = created.json();
  await openAccounts(shared.db, [101, 102, 103, 104, 105], 100);
  for (const playerId of [101, 102, 103, 104, 105]) await buyTicket(first, id, { playerId, ticketPrice: 10 });
  await first.close(); // stopped before the draw time

  const second = await startPointsApi();
  try {
    let round = (await second.inject({ method: 'GET', url: `/lottery/rounds/${id}`, headers: { token } })).json();
    for (const deadline = Date.now() + 45_000; round.status !== 'drawn' && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      round = (await second.inject({ method: 'GET', url: `/lottery/rounds/${id}`, headers: { token } })).json();
    }
    expect(round).toMatchObject({ status: 'drawn', ticketCount: 5 });
    expect(round.winners).toHaveLength(2);
    expect(round.seed).toMatch(/^[0-9a-f]{64}$/);
    // Give a duplicate delivery time to show itself: still one draw.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const draws = await shared.db
      .selectFrom('action_logs')
      .select('id')
      .where('action', '=', 'pointsLotteryRound.draw')
      .where('target_id', '=', String(id))
      .execute();
    expect(draws).toHaveLength(1);
  } finally {
    await second.close();
  }
});
