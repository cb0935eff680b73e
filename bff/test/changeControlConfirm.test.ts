// Loads the CommonJS builds of kysely (see support/commonJs.ts) before the feature's code needs them.
import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { apiFor, LONG_SESSIONS } from './support/system';

/** An environment set to "confirm": every global operation needs its scope typed (CONFIRM_SCOPE_HEADER); others are untouched. */
let t: TestApp;
let call: ReturnType<typeof apiFor>;
beforeAll(async () => {
  t = await createTestApp({ ...LONG_SESSIONS, changeControl: { mode: 'confirm' } });
  const admin = await signedInAdmin(t);
  call = apiFor(t, () => admin.token);
});
afterAll(() => t.close());

test('a global operation without the typed scope is refused with 428 naming it; with it, it runs', async () => {
  const admin = await signedInAdmin(t);
  const send = (scope?: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/game-balance/health',
      headers: { token: admin.token, ...(scope === undefined ? {} : { 'x-confirm-scope': scope }) },
      payload: { maxHealth: 150, regenerationPerMinute: 2, version: 1 },
    });
  const refused = await send();
  expect(refused.statusCode).toBe(428);
  expect(refused.json().error).toMatchObject({
    code: 'confirmation_required',
    current: { scope: 'game balance health', operation: 'health.update' },
  });
  expect((await send('game balance')).statusCode).toBe(428);
  const saved = await send('game balance health');
  expect(saved.statusCode).toBe(200);
  expect(saved.json()).toMatchObject({ maxHealth: 150, version: 2 });
});

test('force end names "all battles"; a small distribution to a list is not global; a news item is not', async () => {
  const refused = await call('POST', '/battle-force-end', { confirmedCount: 0, reason: 'x' });
  expect(refused.json().error.current.scope).toBe('all battles');
  const news = await call('POST', '/news', {});
  expect(news.statusCode).toBe(400); // validation, not change control
  const list = await call('POST', '/present-distributions', {
    presentId: 1,
    target: 'list',
    playerIds: [1, 2],
    scheduledAt: null,
    confirmedRecipients: null,
  });
  expect(list.statusCode).not.toBe(428);
  const all = await call('POST', '/present-distributions', {
    presentId: 1,
    target: 'all',
    playerIds: [],
    scheduledAt: null,
    confirmedRecipients: 5,
  });
  expect(all.statusCode).toBe(428);
  expect(all.json().error.current.scope).toBe('all players');
});
