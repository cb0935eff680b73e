import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { sql } from 'kysely';
import { apiFor, expectGuarded, LONG_SESSIONS } from './support/system';

/** Three distributions written as the worker leaves them: done (list 1,2), scheduled (all), cancelled (list 3). */
let t: TestApp;
let token: string;
let operatorToken: string;
const ids = { done: 0, scheduled: 0, cancelled: 0 };
beforeAll(async () => {
  t = await createTestApp(LONG_SESSIONS);
  token = (await signedInAdmin(t)).token;
  operatorToken = (await signedInAdmin(t, 1)).token;
  await sql`insert into players (id, name, created_at) select i, 'player ' || i, now() from generate_series(1, 5) as i`.execute(t.db);
  const present = await call('POST', '/presents', {
    name: 'Welcome pack',
    startsAt: '2030-01-01T00:00:00Z',
    endsAt: '2030-12-31T00:00:00Z',
    items: [{ itemId: 1, quantity: 100 }],
  });
  const presentId = present.json().id;
  const distribution = async (target: string, playerIds: string, status: string) =>
    (
      await sql<{ id: number }>`insert into present_distributions
        (present_id, present_name, target, player_ids, recipient_count, status, scheduled_at, created_at, updated_at)
        values (${presentId}, 'Welcome pack', ${target}, ${playerIds}::integer[], 2, ${status}, now(), now(), now()) returning id`.execute(
        t.db,
      )
    ).rows[0].id;
  ids.done = await distribution('list', '{1,2}', 'done');
  ids.scheduled = await distribution('all', '{}', 'scheduled');
  ids.cancelled = await distribution('list', '{3}', 'cancelled');
  await sql`insert into present_deliveries (distribution_id, player_id, present_id, delivered_at)
    values (${ids.done}, 1, ${presentId}, '2026-11-02T10:00:00Z'), (${ids.done}, 2, ${presentId}, '2026-11-02T10:00:01Z')`.execute(t.db);
});
afterAll(() => t.close());

const call: ReturnType<typeof apiFor> = (...args) => apiFor(t, () => token)(...args);

test('401 without a token, 403 for a role-1 operator', async () => {
  await expectGuarded(t, operatorToken, [
    ['GET', '/players/1/presents'],
    ['GET', '/present-distributions/1/recipients/1'],
  ]);
});

test("GET /players/:id/presents: the player's deliveries with distribution and time; none for another", async () => {
  const mine = await call('GET', '/players/1/presents');
  expect(mine.statusCode).toBe(200);
  expect(mine.json().items).toEqual([
    {
      distributionId: ids.done,
      presentId: expect.any(Number),
      presentName: 'Welcome pack',
      deliveredAt: '2026-11-02T10:00:00.000Z',
      claimedAt: null,
    },
  ]);
  expect((await call('GET', '/players/4/presents')).json().items).toEqual([]);
  expect((await call('GET', '/players/0/presents')).statusCode).toBe(400);
});

test('GET /present-distributions/:id/recipients/:playerId: delivered, pending, not listed, not delivered', async () => {
  const answer = async (distribution: number, player: number) =>
    (await call('GET', `/present-distributions/${distribution}/recipients/${player}`)).json();
  expect(await answer(ids.done, 2)).toMatchObject({ included: true, answer: 'delivered', deliveredAt: '2026-11-02T10:00:01.000Z' });
  expect(await answer(ids.done, 3)).toMatchObject({ included: false, answer: 'notListed', deliveredAt: null });
  expect(await answer(ids.scheduled, 4)).toMatchObject({ included: true, answer: 'pending', status: 'scheduled' });
  expect(await answer(ids.cancelled, 3)).toMatchObject({ included: false, answer: 'notDelivered', status: 'cancelled' });
  expect((await call('GET', '/present-distributions/99999/recipients/1')).statusCode).toBe(404);
  const bad = await call('GET', `/present-distributions/${ids.done}/recipients/abc`);
  expect(bad.statusCode).toBe(400);
  expect(bad.json().error.fieldErrors.playerId).toEqual(['Enter a player id']);
});
