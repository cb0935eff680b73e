import { createTestApp, type TestApp } from './support/testApp';
import { lastLog, logCount } from './support/system';
import { SoftAuthenticator } from './support/softAuthenticator';

/**
 * Passkeys (WebAuthn): enrolled from one session, used after the password and for
 * step-up. Answers come from a software authenticator (real P-256 signatures, CBOR attestation), so
 * SimpleWebAuthn's verification runs as it does for a browser. A replayed answer, another origin or
 * RP ID, an unknown credential, a counter going back and another session finishing an enrolment:
 * a 400 that says so, nothing enrolled or signed in, one action-log row.
 */
const LENIENT = { loginThrottle: { maxFailures: 50, windowMinutes: 15, maxFailuresPerClient: 500 } };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(LENIENT);
});
afterAll(() => t.close());

const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/users/login', payload: { email, password } });
const post = (token: string | null, url: string, payload: object = {}) => t.call(token, { method: 'POST', url, payload });
const factorsOf = async (token: string) => (await t.call(token, { method: 'GET', url: '/security/factors' })).json().items;

/** Enrols `key` for the account signed in with `token`; the confirmed answer (recovery codes). */
async function enrol(token: string, key: SoftAuthenticator, label = 'Laptop') {
  const options = await post(token, '/security/factors/passkey/options', { label });
  expect(options.statusCode).toBe(200);
  expect(options.json()).toMatchObject({ rp: { id: 'localhost', name: 'Phoenix Admin' }, challenge: expect.any(String) });
  const done = await post(token, '/security/factors/passkey', { response: key.register(options.json()) });
  expect(done.statusCode).toBe(200);
  return done.json() as { recoveryCodes: string[] | null };
}

/** Password, then passkey options for the login's challenge. */
async function passwordStep(account: { email: string; password: string }) {
  const first = await login(account.email, account.password);
  expect(first.json()).toEqual({ secondFactorRequired: true, challenge: expect.any(String), passkey: true });
  const { challenge } = first.json() as { challenge: string };
  const options = await post(null, '/users/login/passkey/options', { challenge });
  expect(options.statusCode).toBe(200);
  return { challenge, options: options.json() as { challenge: string; allowCredentials: { id: string }[] } };
}

async function expectRefused(
  response: { statusCode: number; json: () => { error: { fieldErrors: { passkey: string[] } } } },
  message: RegExp,
  logsBefore: number,
) {
  expect(response.statusCode).toBe(400);
  expect(response.json().error.fieldErrors.passkey[0]).toMatch(message);
  expect(await logCount(t)).toBe(logsBefore + 1);
}

test('an admin enrols a passkey and signs in with password then passkey; the answer cannot be used again', async () => {
  const account = await t.createAccount({});
  const token = await t.login(account.email, account.password);
  const key = new SoftAuthenticator();
  const { recoveryCodes } = await enrol(token, key);
  expect(recoveryCodes).toHaveLength(10);
  expect(await lastLog(t, 'admin', account.id)).toMatchObject({
    action: 'auth.factorAdded',
    after: { kind: 'passkey', label: 'Laptop', recoveryCodesIssued: true },
  });
  expect(await factorsOf(token)).toEqual([expect.objectContaining({ kind: 'passkey', label: 'Laptop' })]);

  const { challenge, options } = await passwordStep(account);
  expect(options.allowCredentials.map((c) => c.id)).toEqual([key.id]);
  const answer = key.authenticate(options);
  const signedIn = await post(null, '/users/login/passkey', { challenge, response: answer });
  expect(signedIn.statusCode).toBe(200);
  expect((await t.call(signedIn.json().token, { method: 'GET', url: '/admins' })).statusCode).toBe(200);
  expect(await lastLog(t, 'admin', account.id)).toMatchObject({ action: 'auth.login', after: { secondFactor: 'passkey' } });

  // The same answer for a new sign-in: its challenge is spent.
  const next = await passwordStep(account);
  const logs = await logCount(t);
  const replayed = await post(null, '/users/login/passkey', { challenge: next.challenge, response: answer });
  await expectRefused(replayed, /expired or was already used/, logs);
  expect(await lastLog(t, 'admin', account.id)).toMatchObject({
    action: 'auth.signInFailed',
    after: { reason: 'passkey.challengeUsed', call: '/users/login/passkey' },
  });
  // That sign-in's challenge still takes a fresh answer (to fresh options: the earlier ones were spent).
  const again = await post(null, '/users/login/passkey/options', { challenge: next.challenge });
  expect(
    (await post(null, '/users/login/passkey', { challenge: next.challenge, response: key.authenticate(again.json()) })).statusCode,
  ).toBe(200);
});

test('a passkey answer from another origin or for another RP ID enrols nothing and signs nobody in', async () => {
  const account = await t.createAccount({});
  const token = await t.login(account.email, account.password);
  const key = new SoftAuthenticator();

  const options = (await post(token, '/security/factors/passkey/options', { label: 'Phishing test' })).json();
  let logs = await logCount(t);
  const elsewhere = await post(token, '/security/factors/passkey', { response: key.register(options, { origin: 'https://evil.example' }) });
  await expectRefused(elsewhere, /another site/, logs);
  expect(await lastLog(t, 'admin', account.id)).toMatchObject({ action: 'auth.factorRefused', after: { reason: 'passkey.wrongOrigin' } });
  expect(await factorsOf(token)).toEqual([]);

  await enrol(token, key);
  const { challenge, options: signInOptions } = await passwordStep(account);
  logs = await logCount(t);
  const otherRp = await post(null, '/users/login/passkey', {
    challenge,
    response: key.authenticate(signInOptions, { rpId: 'evil.example' }),
  });
  await expectRefused(otherRp, /another site/, logs);
  expect(await lastLog(t, 'admin', account.id)).toMatchObject({ action: 'auth.signInFailed', after: { reason: 'passkey.wrongOrigin' } });
});

test('an enrolment started in one session cannot be finished in another; the first may still finish it', async () => {
  const account = await t.createAccount({});
  const here = await t.login(account.email, account.password);
  const there = await t.login(account.email, account.password);
  const key = new SoftAuthenticator();
  const options = (await post(here, '/security/factors/passkey/options', { label: 'Laptop' })).json();
  const answer = key.register(options);

  const logs = await logCount(t);
  await expectRefused(await post(there, '/security/factors/passkey', { response: answer }), /another session/, logs);
  expect(await lastLog(t, 'admin', account.id)).toMatchObject({ action: 'auth.factorRefused', after: { reason: 'passkey.otherSession' } });
  expect(await factorsOf(here)).toEqual([]);

  expect((await post(here, '/security/factors/passkey', { response: answer })).statusCode).toBe(200);
  // The answer is spent now: a second time is refused.
  await expectRefused(await post(here, '/security/factors/passkey', { response: answer }), /expired or was already used/, logs + 2);
  expect(await factorsOf(here)).toHaveLength(1);
});

test('an unknown credential or a counter going back signs nobody in', async () => {
  const account = await t.createAccount({});
  const key = new SoftAuthenticator();
  await enrol(await t.login(account.email, account.password), key);

  const stranger = new SoftAuthenticator();
  let step = await passwordStep(account);
  let logs = await logCount(t);
  await expectRefused(
    await post(null, '/users/login/passkey', { challenge: step.challenge, response: stranger.authenticate(step.options) }),
    /not one of yours/,
    logs,
  );
  expect(await lastLog(t, 'admin', account.id)).toMatchObject({ after: { reason: 'passkey.unknownPasskey' } });

  step = await passwordStep(account);
  expect(
    (await post(null, '/users/login/passkey', { challenge: step.challenge, response: key.authenticate(step.options) })).statusCode,
  ).toBe(200);
  key.counter = 0; // a copy of the key that has not seen the last sign-in
  step = await passwordStep(account);
  logs = await logCount(t);
  await expectRefused(
    await post(null, '/users/login/passkey', { challenge: step.challenge, response: key.authenticate(step.options) }),
    /counter/,
    logs,
  );
  expect(await lastLog(t, 'admin', account.id)).toMatchObject({ after: { reason: 'passkey.counterWentBack' } });
});

test('step-up with a passkey: options bound to the session, the answer to POST /security/step-up', async () => {
  const account = await t.createAccount({});
  const key = new SoftAuthenticator();
  await enrol(await t.login(account.email, account.password), key);
  const step = await passwordStep(account);
  const token = (await post(null, '/users/login/passkey', { challenge: step.challenge, response: key.authenticate(step.options) })).json()
    .token;
  t.clock.advanceMinutes(11);
  const create = (email: string) => post(token, '/admins', { email, role: 2 });
  expect((await create('passkey-stepped@test.local')).json().error.code).toBe('step_up_required');

  const options = await post(token, '/security/step-up/passkey-options');
  expect(options.statusCode).toBe(200);
  const answer = key.authenticate(options.json());
  const done = await post(token, '/security/step-up', { passkey: answer });
  expect(done.statusCode).toBe(200);
  expect(await lastLog(t, 'admin', account.id)).toMatchObject({ action: 'auth.stepUp', after: { factor: 'passkey' } });
  expect((await create('passkey-stepped@test.local')).statusCode).toBe(201);

  const logs = await logCount(t);
  await expectRefused(await post(token, '/security/step-up', { passkey: answer }), /expired or was already used/, logs);
  expect(await lastLog(t, 'admin', account.id)).toMatchObject({ action: 'auth.stepUpRefused', after: { reason: 'passkey.challengeUsed' } });
});

test('an admin without a passkey gets no passkey options', async () => {
  const account = await t.createAccount({});
  const token = await t.login(account.email, account.password);
  const refused = await post(token, '/security/step-up/passkey-options');
  expect(refused.statusCode).toBe(400);
  expect(refused.json().error.message).toBe('No passkey on this account: use a code');
});
