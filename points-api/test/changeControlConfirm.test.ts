// First: its jest.mock calls make kysely, PGlite and Fastify loadable here.
import { createPointsTestApp, type PointsTestApp } from './support/pointsTestApp';
import { seedLocalPointAccounts } from '../src/seed';

/** The points API in an environment set to "confirm": its global operations need their scope typed, as the BFF's. */
let t: PointsTestApp;
beforeAll(async () => {
  t = await createPointsTestApp({ changeControl: { mode: 'confirm', adjustmentPointsAbove: 1000 } });
  await seedLocalPointAccounts(t.shared.db, 3, t.shared.clock.now());
});
afterAll(() => t.close());

const send = (method: 'PUT' | 'POST', url: string, payload: object, headers: Record<string, string> = {}) =>
  t.points.inject({ method, url, payload, headers: { token: t.token, ...headers } });

test('points maintenance and the spin wheel are refused with 428 naming their scope until it is typed', async () => {
  const current = (await t.call('GET', '/settings/maintenance')).json();
  const body = { enabled: true, message: 'Ledger upgrade', version: current.version };
  const refused = await send('PUT', '/settings/maintenance', body);
  expect(refused.statusCode).toBe(428);
  expect(refused.json().error).toMatchObject({
    code: 'confirmation_required',
    current: { scope: 'points maintenance', operation: 'pointsMaintenance.update' },
  });
  expect((await send('PUT', '/settings/maintenance', body, { 'x-confirm-scope': 'points' })).statusCode).toBe(428);
  const saved = await send('PUT', '/settings/maintenance', body, { 'x-confirm-scope': 'points maintenance' });
  expect(saved.statusCode).toBe(200);
  expect(saved.json()).toMatchObject({ enabled: true, version: current.version + 1 });

  const spin = (await t.call('GET', '/settings/spin')).json();
  const spinRefused = await send('PUT', '/settings/spin', { segments: spin.segments, freeSpinsPerDay: 2, version: spin.version });
  expect(spinRefused.json().error.current.scope).toBe('spin wheel');
});

test('an adjustment: direct up to the threshold, a typed scope above it (with its own idempotency key)', async () => {
  const small = await send(
    'POST',
    '/point-accounts/1/adjustments',
    { amount: 1000, reason: 'Support' },
    { 'idempotency-key': 'confirm-small-1' },
  );
  expect(small.statusCode).toBe(201);
  const large = { amount: -1001, reason: 'Clawback' };
  const key = { 'idempotency-key': 'confirm-large-1' };
  const refused = await send('POST', '/point-accounts/1/adjustments', large, key);
  expect(refused.statusCode).toBe(428);
  expect(refused.json().error.current.scope).toBe('1001 points on point account 1');
  const done = await send('POST', '/point-accounts/1/adjustments', large, { ...key, 'x-confirm-scope': '1001 points on point account 1' });
  expect(done.statusCode).toBe(201);
  expect(done.json().entry).toMatchObject({ amount: -1001 });
});
