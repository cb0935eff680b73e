import { createPointsTestApp, logsOf, type PointsTestApp } from './support/pointsTestApp';
import { serverTables } from '@phoenix/server';
import { verifyActionLog } from '@phoenix/server/db';

let t: PointsTestApp;
beforeAll(async () => {
  t = await createPointsTestApp();
});
afterAll(() => t.close());

test('points maintenance: save, 409 on a stale version, action log in the BFF, history and restore', async () => {
  const first = (await t.call('GET', '/settings/maintenance')).json();
  expect(first).toMatchObject({ enabled: false, message: '', version: 1 });

  const missingMessage = await t.call('PUT', '/settings/maintenance', { enabled: true, message: ' ', version: 1 });
  expect(missingMessage.statusCode).toBe(400);
  expect(missingMessage.json().error.fieldErrors).toHaveProperty('message');

  const on = await t.call('PUT', '/settings/maintenance', { enabled: true, message: 'Ledger upgrade', version: 1 });
  expect(on.statusCode).toBe(200);
  expect(on.json()).toMatchObject({ enabled: true, message: 'Ledger upgrade', version: 2 });
  expect((await t.call('PUT', '/settings/maintenance', { enabled: false, message: '', version: 1 })).statusCode).toBe(409);

  const [log] = await logsOf(t, 'pointsMaintenance');
  expect(log).toMatchObject({ action: 'pointsMaintenance.enable', target_id: '1', chain: 'points' });
  // The points API's rows are a chain of their own in the shared log (migration 0061), linked and whole.
  const chains = await verifyActionLog(serverTables(t.shared.db));
  expect(chains.find((c) => c.chain === 'points')).toMatchObject({ intactThroughId: log!.id, broken: null });
  expect(log!.admin_email).toMatch(/@test\.local$/);

  const restored = await t.call('POST', '/settings/maintenance/history/1/restore', { version: 2 });
  expect(restored.json()).toMatchObject({ enabled: false, version: 3 });
  const history = (await t.call('GET', '/settings/maintenance/history?page=1&pageSize=10')).json();
  expect(history.items.map((v: { version: number; restoredFrom: number | null }) => [v.version, v.restoredFrom])).toEqual([
    [3, 1],
    [2, null],
    [1, null],
  ]);
});

test('daily check-in: exactly seven whole, non-negative rewards', async () => {
  const current = (await t.call('GET', '/settings/daily-checkin')).json();
  expect(current.rewards).toHaveLength(7);
  for (const rewards of [
    [1, 2, 3],
    [1, 2, 3, 4, 5, 6, -7],
    [1, 2, 3, 4, 5, 6, 7.5],
  ]) {
    const response = await t.call('PUT', '/settings/daily-checkin', { rewards, version: current.version });
    expect(response.statusCode).toBe(400);
  }
  const saved = await t.call('PUT', '/settings/daily-checkin', { rewards: [5, 10, 15, 20, 25, 30, 200], version: current.version });
  expect(saved.json()).toMatchObject({ rewards: [5, 10, 15, 20, 25, 30, 200], version: current.version + 1 });
  expect((await logsOf(t, 'pointsDailyCheckin'))[0]).toMatchObject({ action: 'pointsDailyCheckin.update' });
});

test('referral: caps are optional, and a total cap must cover one referral', async () => {
  const current = (await t.call('GET', '/settings/referral')).json();
  const body = {
    referrerReward: 300,
    refereeReward: 100,
    capPerReferrer: null,
    totalCap: 399,
    requiredActivity: 'firstTask',
    version: current.version,
  };
  const tooSmall = await t.call('PUT', '/settings/referral', body);
  expect(tooSmall.statusCode).toBe(400);
  expect(tooSmall.json().error.fieldErrors).toHaveProperty('totalCap');
  const saved = await t.call('PUT', '/settings/referral', { ...body, totalCap: 100_000, capPerReferrer: 20 });
  expect(saved.json()).toMatchObject({ totalCap: 100_000, capPerReferrer: 20, requiredActivity: 'firstTask' });
  expect((await t.call('PUT', '/settings/referral', { ...body, requiredActivity: 'dance' })).statusCode).toBe(400);
});
