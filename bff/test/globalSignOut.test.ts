// Loads the CommonJS builds of kysely (see support/commonJs.ts) before the feature's code needs them.
import './support/testApp';
import { sql } from 'kysely';
import type { GlobalSignOutSummary } from '@phoenix/contract';
import { generateBattles } from '../src/features/battles/repository';
import { RUN_LOCK_KEY } from '../src/features/globalSignOut/repository';
import { expectGuarded, lastLog, logCount, refusedFieldErrors, useSystemApp } from './support/system';

const { app, call } = useSystemApp();

beforeAll(async () => {
  const now = app.t.clock.now();
  await sql`insert into players (id, name, created_at) select i, 'P' || i, ${now}::timestamptz from generate_series(1, 30) as i`.execute(
    app.t.db,
  );
  // 20 open sessions; 10 already ended (logout), which a run must leave as they are.
  await sql`
    insert into player_sessions (player_id, started_at, ended_at, end_reason)
    select i, ${now}::timestamptz - interval '1 hour', null, null from generate_series(1, 20) as i
    union all
    select i, ${now}::timestamptz - interval '3 hours', ${now}::timestamptz - interval '2 hours', 'logout' from generate_series(21, 30) as i`.execute(
    app.t.db,
  );
  await generateBattles(app.t.db, 300, now, { players: 30, spanDays: 3 });
});

const summary = async (): Promise<GlobalSignOutSummary> => (await call('GET', '/global-sign-out')).json();
const runBody = (s: GlobalSignOutSummary, reason = 'Security incident') => ({
  lastRunId: s.lastRunId,
  confirmedSessions: s.openSessions,
  confirmedBattles: s.ongoingBattles,
  reason,
});

test('role-2 only', async () => {
  await expectGuarded(app.t, app.operatorToken, [
    ['GET', '/global-sign-out'],
    ['GET', '/global-sign-out/runs'],
    ['POST', '/global-sign-out'],
  ]);
});

test('GET: both counts before, and no run yet', async () => {
  const s = await summary();
  expect(s).toMatchObject({ openSessions: 20, lastRunId: null });
  expect(s.ongoingBattles).toBeGreaterThan(0);
  expect((await call('GET', '/global-sign-out/runs')).json()).toMatchObject({ items: [], total: 0 });
});

test('a reason and the confirmed counts are required', async () => {
  const errors = await refusedFieldErrors(app.t, call, 'POST', '/global-sign-out', { lastRunId: null, reason: '' });
  expect(Object.keys(errors).sort()).toEqual(['confirmedBattles', 'confirmedSessions', 'reason']);
});

test('ends every open session (and only those) and every ongoing battle, in one transaction, one log row, one listed run', async () => {
  const before = await summary();
  const ended = await app.t.db.selectFrom('player_sessions').selectAll().where('ended_at', 'is not', null).orderBy('id').execute();
  const notOngoing = await app.t.db.selectFrom('battles').selectAll().where('status', '<>', 'ongoing').orderBy('id').execute();
  app.t.clock.advanceMinutes(1);
  const logs = await logCount(app.t);

  const response = await call('POST', '/global-sign-out', runBody(before));
  expect(response.statusCode).toBe(200);
  const run = response.json();
  expect(run).toEqual({
    id: expect.any(Number),
    ranAt: app.t.clock.now().toISOString(),
    adminEmail: expect.stringContaining('@test.local'),
    reason: 'Security incident',
    confirmedSessions: 20,
    confirmedBattles: before.ongoingBattles,
    sessionsEnded: 20,
    battlesEnded: before.ongoingBattles,
  });

  const sessions = await app.t.db.selectFrom('player_sessions').selectAll().orderBy('id').execute();
  const signedOut = sessions.filter((s) => s.end_reason === 'global_sign_out');
  expect(signedOut).toHaveLength(20);
  expect(signedOut.every((s) => s.ended_at?.getTime() === app.t.clock.now().getTime())).toBe(true);
  // Sessions that had ended before keep their own end; battles that were over are untouched.
  expect(sessions.filter((s) => s.end_reason !== 'global_sign_out')).toEqual(ended);
  expect(
    await app.t.db
      .selectFrom('battles')
      .selectAll()
      .where(
        'id',
        'in',
        notOngoing.map((b) => b.id),
      )
      .orderBy('id')
      .execute(),
  ).toEqual(notOngoing);

  expect(await summary()).toMatchObject({ openSessions: 0, ongoingBattles: 0, lastRunId: run.id });
  expect(await logCount(app.t)).toBe(logs + 1);
  expect(await lastLog(app.t, 'globalSignOut', run.id)).toMatchObject({
    action: 'globalSignOut.run',
    before: { openSessions: 20, ongoingBattles: before.ongoingBattles },
    after: { sessionsEnded: 20, battlesEnded: before.ongoingBattles, reason: 'Security incident' },
  });
  expect((await call('GET', '/global-sign-out/runs')).json()).toMatchObject({ items: [run], total: 1 });
});

test('two runs at once: one runs, the other is refused with a clear 409 and changes nothing', async () => {
  const now = app.t.clock.now();
  await sql`insert into player_sessions (player_id, started_at) select i, ${now}::timestamptz from generate_series(1, 5) as i`.execute(
    app.t.db,
  );
  const s = await summary();
  expect(s.openSessions).toBe(5);
  const logs = await logCount(app.t);
  const [a, b] = await Promise.all([
    call('POST', '/global-sign-out', runBody(s, 'first')),
    call('POST', '/global-sign-out', runBody(s, 'second')),
  ]);
  const statuses = [a.statusCode, b.statusCode].sort();
  expect(statuses).toEqual([200, 409]);
  const refused = a.statusCode === 409 ? a : b;
  expect(refused.json().error.message).toMatch(/^(A sign-out of every player is running right now|Another run was made at )/);
  expect(await logCount(app.t)).toBe(logs + 1);
  const runs = (await call('GET', '/global-sign-out/runs')).json();
  expect(runs.total).toBe(2);
  expect(runs.items[0].sessionsEnded).toBe(5);
});

test('a run made since the admin looked refuses the stale confirm, naming that run', async () => {
  const stale = { lastRunId: null, confirmedSessions: 0, confirmedBattles: 0, reason: 'late' };
  const response = await call('POST', '/global-sign-out', stale);
  expect(response.statusCode).toBe(409);
  expect(response.json().error.message).toMatch(/^Another run was made at .* by .*@test\.local\. Check the counts and confirm again\.$/);
  expect(response.json().error.current).toMatchObject({ id: (await summary()).lastRunId });
});

test('a session opened or a battle started after the count: 409 with the new counts, nothing ended; the new counts then go through', async () => {
  const now = app.t.clock.now();
  const read = await summary();
  expect(read).toMatchObject({ openSessions: 0, ongoingBattles: 0 });
  // After the admin read the counts: a player signs in and a battle starts.
  await sql`insert into player_sessions (player_id, started_at) values (1, ${now}::timestamptz)`.execute(app.t.db);
  await app.t.db
    .updateTable('battles')
    .set({ status: 'ongoing', ended_at: null, winner_player_id: null })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('battles')
        .select((e) => e.fn.min('id').as('id'))
        .where('status', '=', 'finished'),
    )
    .execute();
  const logs = await logCount(app.t);

  const refused = await call('POST', '/global-sign-out', runBody(read, 'stale'));
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toEqual({
    error: {
      code: 'conflict',
      message: 'The count changed: now 1 sessions and 1 battles. Confirm again with the new count.',
      messageKey: 'the_count_changed_now_n_sessions_and_n_battles',
      messageParams: { sessions: 1, battles: 1 },
      current: { openSessions: 1, ongoingBattles: 1, lastRunId: read.lastRunId, checkedAt: now.toISOString() },
    },
  });
  expect(await summary()).toMatchObject({ openSessions: 1, ongoingBattles: 1, lastRunId: read.lastRunId });
  expect(await logCount(app.t)).toBe(logs);

  const accepted = await call('POST', '/global-sign-out', runBody(refused.json().error.current, 'new counts'));
  expect(accepted.statusCode).toBe(200);
  expect(accepted.json()).toMatchObject({ confirmedSessions: 1, confirmedBattles: 1, sessionsEnded: 1, battlesEnded: 1 });
  expect(await logCount(app.t)).toBe(logs + 1);
});

// Needs a second connection to hold the lock while the route runs: PostgreSQL only (PGlite has one
// connection, where runs queue and the stale-run check above refuses the second instead).
const onPostgres = process.env.TEST_DATABASE_URL ? test : test.skip;
onPostgres('while another run holds the lock, a run is refused at once: 409 "running right now"', async () => {
  const s = await summary();
  await app.t.db.connection().execute(async (held) => {
    await sql`select pg_advisory_lock(${RUN_LOCK_KEY}::bigint)`.execute(held);
    try {
      const response = await call('POST', '/global-sign-out', runBody(s, 'blocked'));
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(
        'A sign-out of every player is running right now. Wait for it to finish, then check the counts again.',
      );
    } finally {
      await sql`select pg_advisory_unlock(${RUN_LOCK_KEY}::bigint)`.execute(held);
    }
  });
  expect((await summary()).lastRunId).toBe(s.lastRunId);
});
