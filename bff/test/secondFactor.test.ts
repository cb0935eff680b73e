import { Secret, TOTP } from 'otpauth';
import { createTestApp, type TestApp } from './support/testApp';
import { lastLog } from './support/system';

/**
 * The second factor: an authenticator app (TOTP) enrolled in two steps from one session,
 * ten single-use recovery codes, the code step after the password, and SECOND_FACTOR=required,
 * where a password alone opens nothing but the enrolment.
 */
const LENIENT = { loginThrottle: { maxFailures: 50, windowMinutes: 15, maxFailuresPerClient: 500 } };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(LENIENT);
});
afterAll(() => t.close());

const codeFor = (app: TestApp, secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: app.clock.now().getTime() + offsetSeconds * 1000,
  });
const login = (app: TestApp, email: string, password: string) =>
  app.app.inject({ method: 'POST', url: '/users/login', payload: { email, password } });
const second = (app: TestApp, challenge: string, code: string) =>
  app.app.inject({ method: 'POST', url: '/users/login/second-factor', payload: { challenge, code } });
const status = async (app: TestApp, token: string, method: 'GET' | 'POST', url: string) =>
  (await app.call(token, { method, url })).statusCode;

/** Enrols an authenticator app for the account signed in with `token`; its secret and recovery codes. */
async function enrol(app: TestApp, token: string, label = 'Phone') {
  const started = await app.call(token, { method: 'POST', url: '/security/factors/totp', payload: { label } });
  expect(started.statusCode).toBe(200);
  const { id, secret, uri, qrDataUrl } = started.json();
  expect(uri).toMatch(/^otpauth:\/\/totp\/Phoenix%20Admin:/);
  expect(qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
  const confirmed = await app.call(token, {
    method: 'POST',
    url: `/security/factors/${id}/confirm`,
    payload: { code: codeFor(app, secret) },
  });
  expect(confirmed.statusCode).toBe(200);
  return { id: id as number, secret: secret as string, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

test('an admin with an authenticator app signs in with password then code; a wrong or replayed code opens nothing', async () => {
  const account = await t.createAccount({});
  const token = await t.login(account.email, account.password);
  const { secret, recoveryCodes } = await enrol(t, token);
  expect(recoveryCodes).toHaveLength(10);
  expect(await lastLog(t, 'admin', account.id)).toMatchObject({
    action: 'auth.factorAdded',
    after: { kind: 'totp', label: 'Phone', recoveryCodesIssued: true },
  });

  t.clock.advanceMinutes(1);
  const first = await login(t, account.email, account.password);
  expect(first.statusCode).toBe(200);
  expect(first.json()).toEqual({ secondFactorRequired: true, challenge: expect.any(String) });
  const { challenge } = first.json();

  const wrong = await second(t, challenge, '000000' === codeFor(t, secret) ? '111111' : '000000');
  expect(wrong.statusCode).toBe(401);
  expect(wrong.json().error.message).toBe('Sign-in failed');
  expect(await lastLog(t, 'admin', account.id)).toMatchObject({ action: 'auth.signInFailed', after: { reason: 'wrongSecondFactor' } });

  const code = codeFor(t, secret);
  const right = await second(t, challenge, code);
  expect(right.statusCode).toBe(200);
  expect(await status(t, right.json().token, 'GET', '/admins')).toBe(200);
  expect(await lastLog(t, 'admin', account.id)).toMatchObject({ action: 'auth.login', after: { secondFactor: 'totp' } });

  // The challenge is spent, and the same code does not open a second sign-in within its 30 seconds.
  expect((await second(t, challenge, code)).statusCode).toBe(401);
  const again = (await login(t, account.email, account.password)).json().challenge;
  expect((await second(t, again, code)).statusCode).toBe(401);
});

test('a recovery code signs in once; the factors list counts what is left; regenerating replaces them', async () => {
  const account = await t.createAccount({});
  const token = await t.login(account.email, account.password);
  const { recoveryCodes } = await enrol(t, token);
  const code = recoveryCodes[3]!;

  const challenge = async () => (await login(t, account.email, account.password)).json().challenge as string;
  const used = await second(t, await challenge(), code.toUpperCase().replace('-', ' ')); // typed loosely
  expect(used.statusCode).toBe(200);
  expect(await lastLog(t, 'admin', account.id)).toMatchObject({ action: 'auth.login', after: { secondFactor: 'recoveryCode' } });
  expect((await second(t, await challenge(), code)).statusCode).toBe(401);

  const listed = await t.call(token, { method: 'GET', url: '/security/factors' });
  expect(listed.json()).toMatchObject({ required: false, recoveryCodesLeft: 9, items: [{ kind: 'totp', label: 'Phone' }] });

  const regenerated = await t.call(token, { method: 'POST', url: '/security/recovery-codes' });
  expect(regenerated.statusCode).toBe(200);
  expect(regenerated.json().recoveryCodes).toHaveLength(10);
  expect((await second(t, await challenge(), recoveryCodes[0]!)).statusCode).toBe(401); // the old set is gone
  expect((await second(t, await challenge(), regenerated.json().recoveryCodes[0])).statusCode).toBe(200);
});

test('an enrolment started in one session cannot be finished in another; a wrong first code enrols nothing', async () => {
  const account = await t.createAccount({});
  const here = await t.login(account.email, account.password);
  const there = await t.login(account.email, account.password);
  const { id, secret } = (await t.call(here, { method: 'POST', url: '/security/factors/totp', payload: { label: 'Phone' } })).json();

  const elsewhere = await t.call(there, { method: 'POST', url: `/security/factors/${id}/confirm`, payload: { code: codeFor(t, secret) } });
  expect(elsewhere.statusCode).toBe(400);
  expect(elsewhere.json().error.fieldErrors.code).toEqual(['This enrolment was started in another session: start again here']);
  expect(await lastLog(t, 'admin', account.id)).toMatchObject({ action: 'auth.factorRefused', after: { reason: 'otherSession' } });

  const wrongCode = codeFor(t, secret, 300); // ten steps ahead: outside the window
  const wrong = await t.call(here, { method: 'POST', url: `/security/factors/${id}/confirm`, payload: { code: wrongCode } });
  expect(wrong.statusCode).toBe(400);
  expect(await lastLog(t, 'admin', account.id)).toMatchObject({ action: 'auth.factorRefused', after: { reason: 'wrongCode' } });
  expect((await t.call(here, { method: 'GET', url: '/security/factors' })).json().items).toEqual([]);
  expect((await login(t, account.email, account.password)).json()).toHaveProperty('token'); // still the password alone
});

test('a challenge lasts five minutes and five codes', async () => {
  const account = await t.createAccount({});
  const { secret } = await enrol(t, await t.login(account.email, account.password));
  t.clock.advanceMinutes(1);
  const late = (await login(t, account.email, account.password)).json().challenge;
  t.clock.advanceMinutes(6);
  expect((await second(t, late, codeFor(t, secret))).statusCode).toBe(401);

  const guessed = (await login(t, account.email, account.password)).json().challenge;
  for (let i = 0; i < 5; i++)
    expect((await second(t, guessed, `99999${i}` === codeFor(t, secret) ? '123123' : `99999${i}`)).statusCode).toBe(401);
  expect((await second(t, guessed, codeFor(t, secret))).statusCode).toBe(401);
});

describe('SECOND_FACTOR=required', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ ...LENIENT, secondFactor: 'required' });
  });
  afterAll(() => strict.close());

  test('the right password alone gives a token that reaches no business route, only the enrolment; enrolling opens the console', async () => {
    const account = await strict.createAccount({});
    const response = await login(strict, account.email, account.password);
    expect(response.json()).toEqual({ token: expect.any(String), enrolmentRequired: true });
    const { token } = response.json();
    const refused = await strict.call(token, { method: 'GET', url: '/admins' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('second_factor_required');
    for (const url of ['/players', '/action-logs', '/security/sessions']) expect(await status(strict, token, 'GET', url)).toBe(403);
    expect(await status(strict, token, 'POST', '/users/info')).toBe(200);
    expect(await status(strict, token, 'GET', '/security/factors')).toBe(200);

    const { id } = await enrol(strict, token);
    expect(await status(strict, token, 'GET', '/admins')).toBe(200);
    // The last factor stays where one is required.
    const removal = await strict.call(token, { method: 'DELETE', url: `/security/factors/${id}` });
    expect(removal.statusCode).toBe(400);
    expect(removal.json().error.message).toBe('A second factor is required: add another before removing this one');
  });
});

describe('step-up: admin management, exports of personal data and global operations ask for the factor again after 10 minutes', () => {
  test('within 10 minutes of the code it goes through; after, a 403 step_up_required until a code is given again', async () => {
    const account = await t.createAccount({});
    const { secret } = await enrol(t, await t.login(account.email, account.password));
    t.clock.advanceMinutes(1);
    const challenge = (await login(t, account.email, account.password)).json().challenge;
    const token = (await second(t, challenge, codeFor(t, secret))).json().token as string;
    const create = (email: string) => t.call(token, { method: 'POST', url: '/admins', payload: { email, role: 2 } });

    expect((await create('stepped-1@test.local')).statusCode).toBe(201);
    t.clock.advanceMinutes(11);
    const refused = await create('stepped-2@test.local');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('step_up_required');
    expect(await status(t, token, 'GET', '/players/export.csv')).toBe(403);
    const globalOperation = await t.call(token, {
      method: 'POST',
      url: '/battle-force-end',
      payload: { confirmedCount: 0, reason: 'Step-up check (test)' },
    });
    expect(globalOperation.statusCode).toBe(403);
    expect(globalOperation.json().error.code).toBe('step_up_required');
    expect(await status(t, token, 'GET', '/admins')).toBe(200); // reading is not stepped up

    const wrong = await t.call(token, { method: 'POST', url: '/security/step-up', payload: { code: 'nothing-like-it' } });
    expect(wrong.statusCode).toBe(400);
    expect(await lastLog(t, 'admin', account.id)).toMatchObject({ action: 'auth.stepUpRefused' });
    const done = await t.call(token, { method: 'POST', url: '/security/step-up', payload: { code: codeFor(t, secret) } });
    expect(done.statusCode).toBe(200);
    expect(await lastLog(t, 'admin', account.id)).toMatchObject({ action: 'auth.stepUp', after: { factor: 'totp' } });
    expect((await create('stepped-2@test.local')).statusCode).toBe(201);
    expect(await status(t, token, 'GET', '/players/export.csv')).toBe(200);
  });

  test('an admin without a factor (allowed where SECOND_FACTOR is optional) is not asked', async () => {
    const account = await t.createAccount({});
    const token = await t.login(account.email, account.password);
    t.clock.advanceMinutes(20);
    expect(
      (await t.call(token, { method: 'POST', url: '/admins', payload: { email: 'no-factor-made@test.local', role: 2 } })).statusCode,
    ).toBe(201);
  });
});

test("a lost factor: another admin resets the account's factors (step-up, logged); its sessions end and it enrols anew", async () => {
  const lost = await t.createAccount({});
  const lostToken = await t.login(lost.email, lost.password);
  await enrol(t, lostToken);
  const helper = await t.createAccount({});
  const helperToken = await t.login(helper.email, helper.password); // no factor of its own: not asked to step up

  expect((await t.call(helperToken, { method: 'POST', url: `/admins/${helper.id}/reset-factors` })).statusCode).toBe(400);
  const reset = await t.call(helperToken, { method: 'POST', url: `/admins/${lost.id}/reset-factors` });
  expect(reset.statusCode).toBe(200);
  expect(reset.json()).toEqual({ removedFactors: 1, removedRecoveryCodes: 10, endedSessions: 1 });
  expect(await status(t, lostToken, 'POST', '/users/info')).toBe(401);
  expect(await lastLog(t, 'admin', lost.id)).toMatchObject({
    action: 'auth.factorsReset',
    admin_email: helper.email,
    before: { factors: ['Phone'] },
  });
  expect((await login(t, lost.email, lost.password)).json()).toHaveProperty('token'); // the password alone again (optional here)
  expect((await t.call(helperToken, { method: 'POST', url: '/admins/999999/reset-factors' })).statusCode).toBe(404);
});
