import { createTestApp, signedInAdmin, TEST_PASSWORD_HASH, type TestApp } from './support/testApp';
import { sql } from 'kysely';
import { isScheduledInThePast, presentDistributionsResource, type Distribution } from '@phoenix/contract';
import { buildApp } from '../src/app';
import { itKeepsTheResourceContract } from '@phoenix/server/testing';
import { runDistribution } from '../src/features/presentDistributions/run';

// The app survives a restart in one test: keep the database open when the app closes.
const jobs = { pollingIntervalSeconds: 0.5 };
let t: TestApp;
let token: string;
let operatorToken: string;
let presentId: number;
const PLAYERS = 30;
const BANNED = 7;
beforeAll(async () => {
  t = await createTestApp({ closeDbOnClose: false, jobs });
  token = (await signedInAdmin(t)).token;
  operatorToken = (await signedInAdmin(t, 1)).token;
  await sql`insert into players (id, name, status, created_at)
    select i, 'player ' || i, case when i = ${BANNED} then 'banned' else 'active' end, now() from generate_series(1, ${PLAYERS}) as i`.execute(
    t.db,
  );
  const present = await api('POST', '/presents', {
    name: 'Welcome pack',
    startsAt: '2030-01-01T00:00:00Z',
    endsAt: '2030-12-31T00:00:00Z',
    items: [{ itemId: 1, quantity: 100 }],
  });
  presentId = present.json().id;
});
afterAll(async () => {
  await t.app.close();
  await t.db.destroy();
});

/** Through the app running now (the restart test replaces it). */
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { token }, ...(payload === undefined ? {} : { payload: payload as object }) });
const contract = { t: () => t, token: () => token, operatorToken: () => operatorToken };

itKeepsTheResourceContract(contract, presentDistributionsResource, [
  ['POST', '/present-distributions/preview'],
  ['POST', '/present-distributions/1/cancel'],
]);

const inSeconds = (seconds: number) => new Date(t.clock.now().getTime() + seconds * 1000).toISOString();
const deliveries = async (distributionId: number) =>
  Number(
    (
      await t.db
        .selectFrom('present_deliveries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('distribution_id', '=', distributionId)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function send(payload: Record<string, unknown>): Promise<Distribution> {
  const response = await api('POST', '/present-distributions', {
    presentId,
    target: 'all',
    scheduledAt: null,
    confirmedRecipients: PLAYERS - 1,
    ...payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

/** Polls the API until the distribution reaches `status` (the worker runs on its own). */
async function until(id: number, status: Distribution['status'], timeoutMs = 30_000): Promise<Distribution> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current: Distribution = (await api('GET', `/present-distributions/${id}`)).json();
    if (current.status === status) return current;
    if (Date.now() > deadline) throw new Error(`distribution ${id} is ${current.status}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('recipients', () => {
  test('preview: all active players; a list counts its active players and its unknown ids', async () => {
    expect((await api('POST', '/present-distributions/preview', { target: 'all' })).json()).toEqual({
      recipients: PLAYERS - 1,
      unknownIds: 0,
    });
    const list = await api('POST', '/present-distributions/preview', { target: 'list', playerIds: [1, 2, 2, BANNED, 999, 1000] });
    expect(list.json()).toEqual({ recipients: 2, unknownIds: 2 });
  });

  test('a time up to a minute ago is the clock skew between the admin and the server: sent now', async () => {
    const sent = await send({ target: 'list', playerIds: [1], scheduledAt: inSeconds(-30), confirmedRecipients: null });
    expect(sent.scheduledAt).toBe(t.clock.now().toISOString());
    expect(isScheduledInThePast(inSeconds(-60), t.clock.now())).toBe(false);
    expect(isScheduledInThePast(inSeconds(-61), t.clock.now())).toBe(true);
    expect(isScheduledInThePast(null, t.clock.now())).toBe(false);
  });

  test("a send to a list is in each listed player's history (the player view), not in others'", async () => {
    const sent = await send({ target: 'list', playerIds: [3], confirmedRecipients: 1 });
    const history = async (playerId: number) =>
      (await api('GET', `/action-logs?target=player:${playerId}&pageSize=10`))
        .json()
        .items.map((log: { targetId: string }) => log.targetId);
    expect(await history(3)).toContain(String(sent.id));
    expect(await history(4)).not.toContain(String(sent.id));
  });

  test('bad input → 400 on the field', async () => {
    const empty = await api('POST', '/present-distributions', { presentId, target: 'list', playerIds: [] });
    expect(empty.json().error.fieldErrors.playerIds).toEqual(['Add at least one player id']);
    const past = await api('POST', '/present-distributions', {
      presentId,
      target: 'all',
      scheduledAt: inSeconds(-61),
      confirmedRecipients: 29,
    });
    expect(past.json().error.fieldErrors.scheduledAt).toEqual(['Pick a time in the future, or send it now']);
    const longAgo = await api('POST', '/present-distributions', {
      presentId,
      target: 'all',
      scheduledAt: '2020-01-01T00:00:00Z',
      confirmedRecipients: 29,
    });
    expect(longAgo.statusCode).toBe(400);
    expect(longAgo.json().error).toMatchObject({
      fieldErrors: { scheduledAt: ['Pick a time in the future, or send it now'] },
      fieldErrorKeys: { scheduledAt: ['pick_a_time_in_the_future_or_send_it_now'] },
    });
    const missing = await api('POST', '/present-distributions', { presentId: 999999, target: 'all', confirmedRecipients: 29 });
    expect(missing.json().error.fieldErrors.presentId).toEqual(['This present does not exist']);
    const nobody = await api('POST', '/present-distributions', { presentId, target: 'list', playerIds: [BANNED, 5000] });
    expect(nobody.json().error.fieldErrors.playerIds).toEqual(['No active player would receive it']);
    const badIds = await api('POST', '/present-distributions', { presentId, target: 'list', playerIds: ['x'] });
    expect(badIds.statusCode).toBe(400);
  });
});

describe('sending', () => {
  test('now, to a list: runs as a job, each listed active player once, progress on the row, logged', async () => {
    const created = await send({ target: 'list', playerIds: [3, 4, 5, 5, BANNED, 4242] });
    expect(created).toMatchObject({ status: 'scheduled', recipientCount: 3, listedIds: 5, deliveredCount: 0, presentName: 'Welcome pack' });
    const done = await until(created.id, 'done');
    expect(done).toMatchObject({ deliveredCount: 3, startedAt: expect.any(String), finishedAt: expect.any(String), error: null });
    expect(await deliveries(created.id)).toBe(3);
    const log = await t.db
      .selectFrom('action_logs')
      .select('action')
      .where('target_type', '=', 'presentDistribution')
      .where('target_id', '=', String(created.id))
      .execute();
    expect(log.map((r) => r.action)).toEqual(['presentDistribution.create']);
    // From now on the present's items are fixed.
    expect((await api('GET', `/presents/${presentId}`)).json().distributedAt).not.toBeNull();
  });

  test('run the same distribution twice (and once more from scratch): every player has it exactly once', async () => {
    const created = await send({ target: 'all' });
    const done = await until(created.id, 'done');
    expect(done.deliveredCount).toBe(PLAYERS - 1);
    await runDistribution(t.ctx, created.id, 7); // finished: nothing to do
    // Force a full re-run, as a crash before the final update would: the primary key refuses every repeat.
    await t.db.updateTable('present_distributions').set({ status: 'running', cursor_player_id: 0 }).where('id', '=', created.id).execute();
    await runDistribution(t.ctx, created.id, 7);
    expect(await deliveries(created.id)).toBe(PLAYERS - 1);
    expect((await api('GET', `/present-distributions/${created.id}`)).json()).toMatchObject({
      status: 'done',
      deliveredCount: PLAYERS - 1,
    });
  });

  test('scheduled: cancelled before it starts, its job too; a second cancel → 409', async () => {
    const created = await send({ target: 'all', scheduledAt: inSeconds(3600) });
    expect(created.scheduledAt).toBe(inSeconds(3600));
    const cancelled = await api('POST', `/present-distributions/${created.id}/cancel`, { version: created.version });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', version: created.version + 1 });
    const job = await sql<{
      state: string;
    }>`select state from pgboss.job where id = ${(await t.db.selectFrom('present_distributions').select('job_id').where('id', '=', created.id).executeTakeFirstOrThrow()).job_id}::uuid`.execute(
      t.db,
    );
    expect(job.rows[0].state).toBe('cancelled');
    const again = await api('POST', `/present-distributions/${created.id}/cancel`, { version: created.version + 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This distribution is cancelled: only a scheduled one can be cancelled');
    await runDistribution(t.ctx, created.id); // even if its job ran: nothing delivered
    expect(await deliveries(created.id)).toBe(0);
    const list = (await api('GET', '/present-distributions?status=cancelled')).json();
    expect(list.items.map((d: Distribution) => d.id)).toEqual([created.id]);

    // A present whose only distribution was cancelled keeps existing: a 409 saying why (not the
    // foreign key's 400).
    const spare = (
      await api('POST', '/presents', {
        name: 'Spare pack',
        startsAt: '2030-01-01T00:00:00Z',
        endsAt: '2030-12-31T00:00:00Z',
        items: [{ itemId: 1, quantity: 1 }],
      })
    ).json();
    const scheduled = await send({ presentId: spare.id, scheduledAt: inSeconds(3600) });
    await api('POST', `/present-distributions/${scheduled.id}/cancel`, { version: scheduled.version });
    const removed = await api('DELETE', `/presents/${spare.id}?version=${spare.version}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error.message).toBe('This present has a distribution and can no longer be deleted');
  });

  test('a distribution scheduled before a BFF restart runs once after it', async () => {
    const created = await send({ target: 'all', scheduledAt: inSeconds(2) });
    await t.app.close(); // stops the job runner; the database stays open
    t.app = await buildApp({ db: t.db, now: t.clock.now, passwordHash: TEST_PASSWORD_HASH, closeDbOnClose: false, jobs });
    const done = await until(created.id, 'done');
    expect(done.deliveredCount).toBe(PLAYERS - 1);
    expect(await deliveries(created.id)).toBe(PLAYERS - 1);
    const jobs_ = await sql<{
      n: string;
    }>`select count(*) as n from pgboss.job where data->>'distributionId' = ${String(created.id)}`.execute(t.db);
    expect(Number(jobs_.rows[0].n)).toBe(1);
  });
});

describe('the confirmed count', () => {
  const created = async () =>
    Number(
      (
        await t.db
          .selectFrom('present_distributions')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  test('to all players it is required', async () => {
    const response = await api('POST', '/present-distributions', { presentId, target: 'all' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fieldErrors.confirmedRecipients).toEqual(['Confirm the number of players who will receive it']);
  });

  test('a player who joined after the count: 409 with the new figure, nothing stored or queued; the new figure then goes through', async () => {
    const read = (await api('POST', '/present-distributions/preview', { target: 'all' })).json().recipients as number;
    await sql`insert into players (id, name, status, created_at) values (${PLAYERS + 1}, 'late joiner', 'active', now())`.execute(t.db);
    const before = await created();
    const refused = await api('POST', '/present-distributions', {
      presentId,
      target: 'all',
      scheduledAt: inSeconds(3600),
      confirmedRecipients: read,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: {
        code: 'conflict',
        message: `The count changed: now ${read + 1}. Confirm again with the new count.`,
        messageKey: 'the_count_changed_now_n',
        messageParams: { count: read + 1 },
        current: { recipients: read + 1, unknownIds: 0 },
      },
    });
    expect(await created()).toBe(before);

    const accepted = await api('POST', '/present-distributions', {
      presentId,
      target: 'all',
      scheduledAt: inSeconds(3600),
      confirmedRecipients: read + 1,
    });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ recipientCount: read + 1, status: 'scheduled' });
    const log = await t.db
      .selectFrom('action_logs')
      .select(['before', 'after'])
      .where('target_type', '=', 'presentDistribution')
      .where('target_id', '=', String(accepted.json().id))
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ before: { confirmedRecipients: read + 1 }, after: { recipientCount: read + 1 } });
    // Leave the data as the next tests expect it: the distribution cancelled, the late joiner gone.
    expect(
      (await api('POST', `/present-distributions/${accepted.json().id}/cancel`, { version: accepted.json().version })).statusCode,
    ).toBe(200);
    await t.db
      .deleteFrom('players')
      .where('id', '=', PLAYERS + 1)
      .execute();
  });
});
