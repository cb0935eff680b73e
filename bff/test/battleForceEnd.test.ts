// Loads the CommonJS builds of kysely (see support/commonJs.ts) before the feature's code needs them.
import './support/testApp';
import { generateBattles } from '../src/features/battles/repository';
import { expectGuarded, logCount, refusedFieldErrors, useSystemApp } from './support/system';

const { app, call } = useSystemApp();

beforeAll(async () => {
  await generateBattles(app.t.db, 500, app.t.clock.now(), { players: 80, spanDays: 5 });
});

const statusCounts = async () => {
  const rows = await app.t.db
    .selectFrom('battles')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
};

test('role-2 only', async () => {
  await expectGuarded(app.t, app.operatorToken, [
    ['GET', '/battle-force-end'],
    ['POST', '/battle-force-end'],
  ]);
});

test('GET: the live count of ongoing battles', async () => {
  const before = await statusCounts();
  const response = await call('GET', '/battle-force-end');
  expect(response.json()).toEqual({ ongoing: before.ongoing, checkedAt: app.t.clock.now().toISOString() });
  expect(before.ongoing).toBeGreaterThan(0);
});

test('a reason and the confirmed count are required; nothing changes', async () => {
  const before = await statusCounts();
  expect((await refusedFieldErrors(app.t, call, 'POST', '/battle-force-end', { confirmedCount: 3, reason: ' ' })).reason).toEqual([
    'Say why the battles are ended',
  ]);
  expect((await refusedFieldErrors(app.t, call, 'POST', '/battle-force-end', { reason: 'x' })).confirmedCount).toBeDefined();
  expect(await statusCounts()).toEqual(before);
});

test('ends every ongoing battle and only those, in one transaction with one action-log row holding the counts', async () => {
  const before = await statusCounts();
  // One ongoing battle finishes on its own between the count the admin saw and the click.
  const [finishing] = await app.t.db.selectFrom('battles').select('id').where('status', '=', 'ongoing').limit(1).execute();
  await app.t.db
    .updateTable('battles')
    .set({ status: 'finished', ended_at: app.t.clock.now(), winner_player_id: 1 })
    .where('id', '=', finishing.id)
    .execute();
  const finishedAt = await app.t.db.selectFrom('battles').selectAll().where('status', '<>', 'ongoing').orderBy('id').execute();
  const logs = await logCount(app.t);
  app.t.clock.advanceMinutes(1);

  const response = await call('POST', '/battle-force-end', { confirmedCount: before.ongoing, reason: 'Emergency maintenance' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ ended: before.ongoing - 1, confirmedCount: before.ongoing, endedAt: app.t.clock.now().toISOString() });

  expect(await statusCounts()).toEqual({
    finished: before.finished + 1,
    force_ended: before.force_ended + before.ongoing - 1,
  });
  // Battles that were not ongoing (the one that finished meanwhile included) are untouched.
  const untouched = await app.t.db
    .selectFrom('battles')
    .selectAll()
    .where(
      'id',
      'in',
      finishedAt.map((b) => b.id),
    )
    .orderBy('id')
    .execute();
  expect(untouched).toEqual(finishedAt);
  const ended = await app.t.db.selectFrom('battles').selectAll().where('force_end_reason', '=', 'Emergency maintenance').execute();
  expect(ended).toHaveLength(before.ongoing - 1);
  expect(ended.every((b) => b.ended_at?.getTime() === app.t.clock.now().getTime() && b.force_ended_by?.endsWith('@test.local'))).toBe(true);

  expect(await logCount(app.t)).toBe(logs + 1);
  const log = await app.t.db.selectFrom('action_logs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  expect(log).toMatchObject({
    action: 'battle.forceEndAll',
    target_type: 'battle',
    target_id: null,
    before: { ongoing: before.ongoing },
    after: { ended: before.ongoing - 1, reason: 'Emergency maintenance' },
  });
  expect((await call('GET', '/battle-force-end')).json().ongoing).toBe(0);
});

/** A battle starts after the admin read the count (a finished one is made ongoing again). */
const startBattle = () =>
  app.t.db
    .updateTable('battles')
    .set({ status: 'ongoing', ended_at: null, winner_player_id: null })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('battles')
        .select((e) => e.fn.min('id').as('id'))
        .where('status', '=', 'finished'),
    )
    .executeTakeFirstOrThrow();

test('a battle started after the count: 409 with the new count, nothing ended, nothing logged; the new count then goes through', async () => {
  const read = (await call('GET', '/battle-force-end')).json().ongoing as number;
  expect(Number((await startBattle()).numUpdatedRows)).toBe(1);
  const before = await statusCounts();
  const logs = await logCount(app.t);

  const refused = await call('POST', '/battle-force-end', { confirmedCount: read, reason: 'Stale count' });
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toEqual({
    error: {
      code: 'conflict',
      message: `The count changed: now ${read + 1}. Confirm again with the new count.`,
      messageKey: 'the_count_changed_now_n',
      messageParams: { count: read + 1 },
      current: { ongoing: read + 1, checkedAt: app.t.clock.now().toISOString() },
    },
  });
  expect(await statusCounts()).toEqual(before);
  expect(await logCount(app.t)).toBe(logs);
  // Confirmed again with the new count, it goes through.
  const accepted = await call('POST', '/battle-force-end', { confirmedCount: read + 1, reason: 'New count' });
  expect(accepted.statusCode).toBe(200);
  expect(accepted.json()).toMatchObject({ ended: read + 1, confirmedCount: read + 1 });
  expect(await logCount(app.t)).toBe(logs + 1);
});

test('with nothing ongoing: ends nothing, still logged', async () => {
  const response = await call('POST', '/battle-force-end', { confirmedCount: 0, reason: 'Again' });
  expect(response.json()).toMatchObject({ ended: 0, confirmedCount: 0 });
});
