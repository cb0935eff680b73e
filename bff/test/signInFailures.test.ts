import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { lastLog, logCount, LONG_SESSIONS } from './support/system';

/**
 * Sign-in failures and passwords: a failed sign-in is recorded with the account it targeted and why; a
 * one-time password expires (ONE_TIME_PASSWORD_TTL_HOURS, 24 h by default); a common password is
 * refused as a new password whatever its length.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await createTestApp({ ...LONG_SESSIONS, loginThrottle: { maxFailures: 50, windowMinutes: 15, maxFailuresPerClient: 200 } });
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/users/login', payload: { email, password } });
const changePassword = (body: object) => t.app.inject({ method: 'POST', url: '/users/change-password', payload: body });
const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.call(admin.token, { method, url, ...(payload ? { payload } : {}) });
/** The newest sign-in failure rows, newest first. */
const failures = (n: number) =>
  t.db.selectFrom('action_logs').selectAll().where('action', '=', 'auth.signInFailed').orderBy('id', 'desc').limit(n).execute();
async function newAdminWithOneTimePassword() {
  const response = await call('POST', '/admins', { email: `otp-${Math.random().toString(36).slice(2)}@test.local`, role: 2 });
  expect(response.statusCode).toBe(201);
  return response.json() as { account: { id: number; email: string }; oneTimePassword: string; expiresAt: string };
}

test('each failed sign-in is one action-log row: the account it targeted (none for an unknown email), the reason class, the client; the answer stays the same', async () => {
  const operator = await t.createAccount({ role: 1 });
  const disabled = await t.createAccount({});
  await t.db.updateTable('admins').set({ status: 'disabled' }).where('id', '=', disabled.id).execute();
  const before = await logCount(t);

  const answers = [
    await login('nobody-here@test.local', 'whatever password'),
    await login(admin.email, 'not the password'),
    await login(disabled.email, disabled.password),
    await login(operator.email, operator.password),
  ];
  for (const answer of answers) {
    expect(answer.statusCode).toBe(401);
    expect(answer.json().error.message).toBe('Sign-in failed');
  }
  expect(await logCount(t)).toBe(before + 4);
  const rows = (await failures(4)).reverse();
  expect(rows.map((r) => [r.target_type, r.target_id, (r.after as { reason: string }).reason])).toEqual([
    ['admin', null, 'unknownAccount'],
    ['admin', String(admin.id), 'wrongPassword'],
    ['admin', String(disabled.id), 'disabled'],
    ['admin', String(operator.id), 'notAdminRole'],
  ]);
  for (const row of rows) {
    expect(row).toMatchObject({ admin_id: null, admin_email: 'anonymous (sign-in)' });
    expect(row.after).toMatchObject({ call: '/users/login', client: '127.0.0.1' });
  }
  // The email typed for an unknown account (it may be a password typed in the wrong field) is not kept.
  expect(JSON.stringify(rows[0])).not.toContain('nobody-here');
  expect(JSON.stringify(rows)).not.toContain('not the password');

  // A successful sign-in writes its own row, never a failure.
  expect((await login(admin.email, admin.password)).statusCode).toBe(200);
  expect((await lastLog(t, 'admin', admin.id))?.action).toBe('auth.login');
});

test('a failure is found in the action log by the account it targeted (GET /action-logs?target=admin:<id>)', async () => {
  const target = await t.createAccount({});
  expect((await login(target.email, 'wrong password here')).statusCode).toBe(401);
  const page = (await call('GET', `/action-logs?target=admin:${target.id}&action=auth.signInFailed`)).json();
  expect(page.items).toHaveLength(1);
  expect(page.items[0]).toMatchObject({ action: 'auth.signInFailed', targetId: String(target.id), after: { reason: 'wrongPassword' } });
});

test('a one-time password opens the change for 24 hours: the answer says until when; after it, sign-in and the change fail (logged) and nothing changes', async () => {
  const issued = await newAdminWithOneTimePassword();
  expect(issued.expiresAt).toBe(new Date(t.clock.now().getTime() + 24 * HOUR).toISOString());

  t.clock.advanceMinutes(24 * 60 - 1);
  expect((await login(issued.account.email, issued.oneTimePassword)).json()).toEqual({ passwordChangeRequired: true });

  t.clock.advanceMinutes(1);
  const storedBefore = await t.db.selectFrom('admins').selectAll().where('id', '=', issued.account.id).executeTakeFirstOrThrow();
  const late = await login(issued.account.email, issued.oneTimePassword);
  expect(late.statusCode).toBe(401);
  expect(late.json().error.message).toBe('Sign-in failed');
  const change = await changePassword({
    email: issued.account.email,
    password: issued.oneTimePassword,
    newPassword: 'a fresh long passphrase',
  });
  expect(change.statusCode).toBe(401);
  const rows = await failures(2);
  expect(rows.map((r) => [(r.after as { reason: string; call: string }).call, (r.after as { reason: string }).reason])).toEqual([
    ['/users/change-password', 'oneTimePasswordExpired'],
    ['/users/login', 'oneTimePasswordExpired'],
  ]);
  expect(await t.db.selectFrom('admins').selectAll().where('id', '=', issued.account.id).executeTakeFirstOrThrow()).toEqual(storedBefore);

  // A reset issues another, good for another day; the change then clears the deadline.
  const account = (await call('GET', `/admins/${issued.account.id}`)).json();
  const reset = (await call('POST', `/admins/${account.id}/reset-password`, { version: account.version })).json();
  expect(reset.expiresAt).toBe(new Date(t.clock.now().getTime() + 24 * HOUR).toISOString());
  const changed = await changePassword({ email: account.email, password: reset.oneTimePassword, newPassword: 'a fresh long passphrase' });
  expect(changed.statusCode).toBe(200);
  const stored = await t.db.selectFrom('admins').selectAll().where('id', '=', account.id).executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ must_change_password: false, one_time_password_expires_at: null });
});

test('ONE_TIME_PASSWORD_TTL_HOURS sets the deadline', async () => {
  const short = await createTestApp({ oneTimePasswordTtlHours: 2 });
  try {
    const { token } = await signedInAdmin(short);
    const response = await short.call(token, { method: 'POST', url: '/admins', payload: { email: 'short-otp@test.local', role: 2 } });
    expect(response.json().expiresAt).toBe(new Date(short.clock.now().getTime() + 2 * HOUR).toISOString());
  } finally {
    await short.close();
  }
});

test('a common password is refused as the new one whatever its length (password1234), on its field; nothing changes and the one-time password still works', async () => {
  const issued = await newAdminWithOneTimePassword();
  for (const common of ['password1234', 'PASSWORD1234', '1q2w3e4r5t6y']) {
    const refused = await changePassword({ email: issued.account.email, password: issued.oneTimePassword, newPassword: common });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fieldErrors.newPassword).toEqual(['This password is on a list of common passwords: choose another']);
  }
  expect((await login(issued.account.email, issued.oneTimePassword)).json()).toEqual({ passwordChangeRequired: true });
  const accepted = await changePassword({
    email: issued.account.email,
    password: issued.oneTimePassword,
    newPassword: 'violet kettle under the stairs',
  });
  expect(accepted.statusCode).toBe(200);
});

test('a pending one-time password from before the expiry existed expires a day after it was issued (migration 0056)', async () => {
  const issued = await newAdminWithOneTimePassword();
  // As a row from before the migration: no deadline stored; the migration's backfill gives it one.
  await t.db.updateTable('admins').set({ one_time_password_expires_at: null }).where('id', '=', issued.account.id).execute();
  const { up } = await import('../src/db/migrations/0056_one_time_password_expiry');
  await t.db.schema.alterTable('admins').dropColumn('one_time_password_expires_at').execute();
  await up(t.db);
  const row = await t.db.selectFrom('admins').selectAll().where('id', '=', issued.account.id).executeTakeFirstOrThrow();
  expect(row.one_time_password_expires_at?.toISOString()).toBe(new Date(row.updated_at.getTime() + 24 * HOUR).toISOString());
});

// Last: it moves the clock a month on.
test("an admin's Security page lists its own recent failures (GET /security/sign-in-failures): newest first, none of another account's, none past 30 days", async () => {
  const me = await t.createAccount({});
  const other = await t.createAccount({});
  const token = await t.login(me.email, me.password);
  const mine = () => t.call(token, { method: 'GET', url: '/security/sign-in-failures' });
  expect((await mine()).json()).toEqual({ items: [] });
  expect((await login(me.email, 'wrong password one')).statusCode).toBe(401);
  t.clock.advanceMinutes(1);
  expect((await login(me.email, 'wrong password two')).statusCode).toBe(401);
  expect((await login(other.email, 'wrong password')).statusCode).toBe(401);
  const listed = (await mine()).json().items;
  expect(listed).toEqual([
    { at: t.clock.now().toISOString(), reason: 'wrongPassword', clientAddress: '127.0.0.1' },
    { at: expect.any(String), reason: 'wrongPassword', clientAddress: '127.0.0.1' },
  ]);
  t.clock.advanceMinutes(31 * 24 * 60);
  const later = await t.login(me.email, me.password);
  expect((await t.call(later, { method: 'GET', url: '/security/sign-in-failures' })).json()).toEqual({ items: [] });
});
