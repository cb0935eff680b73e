import { createTestApp, signedInAdmin, type TestApp, postRaw } from './support/testApp';
import { createHash } from 'node:crypto';
import { apiErrorSchema } from '@phoenix/contract';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/users/login', payload: { email, password } });
const info = (token: string | null) => t.call(token, { method: 'POST', url: '/users/info' });
const protectedCall = (token: string | null) => t.call(token, { method: 'GET', url: '/constant-variables' });

describe('seed calls (§7)', () => {
  test('POST /users/login returns a token; POST /users/info returns the account and its role', async () => {
    const account = await t.createAccount({});
    const response = await login(account.email, account.password);
    expect(response.statusCode).toBe(200);
    const { token } = response.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await info(token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ data: { userInfo: { id: account.id, email: account.email, role: 2, roles: ['owner'] } } });
  });

  test('email is matched case-insensitively and trimmed', async () => {
    const account = await t.createAccount({});
    const response = await login(`  ${account.email.toUpperCase()} `, account.password);
    expect(response.statusCode).toBe(200);
  });

  test('a role-1 account gets no token: the same failure as a wrong password, and no session', async () => {
    const operator = await t.createAccount({ role: 1 });
    const sessionsBefore = await t.db.selectFrom('sessions').select('id').where('admin_id', '=', operator.id).execute();
    const rightPassword = await login(operator.email, operator.password);
    const wrongPassword = await login(operator.email, 'not the password');
    expect(rightPassword.statusCode).toBe(401);
    expect(rightPassword.body).toBe(wrongPassword.body);
    expect(rightPassword.json()).toEqual({ error: { code: 'unauthorized', message: 'Sign-in failed', messageKey: 'sign_in_failed' } });
    const sessionsAfter = await t.db.selectFrom('sessions').select('id').where('admin_id', '=', operator.id).execute();
    expect(sessionsAfter).toEqual(sessionsBefore);
  });

  test('info still answers for a role-1 session (one issued before that rule), so the console can refuse it', async () => {
    const operator = await signedInAdmin(t, 1);
    const me = await info(operator.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.userInfo.role).toBe(1);
  });

  test('wrong password and unknown email get the same 401 body', async () => {
    const account = await t.createAccount({});
    const wrongPassword = await login(account.email, 'not the password');
    const unknownEmail = await login('nobody@test.local', 'whatever');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ error: { code: 'unauthorized', message: 'Sign-in failed', messageKey: 'sign_in_failed' } });
    expect(unknownEmail.body).toBe(wrongPassword.body);
    expect(apiErrorSchema.safeParse(wrongPassword.json()).success).toBe(true);
  });

  test('a disabled account fails the same generic way', async () => {
    const account = await t.createAccount({});
    await t.db.updateTable('admins').set({ status: 'disabled' }).where('id', '=', account.id).execute();
    const response = await login(account.email, account.password);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'unauthorized', message: 'Sign-in failed', messageKey: 'sign_in_failed' } });
  });

  test('POST /users/logout revokes the token', async () => {
    const admin = await signedInAdmin(t);
    expect((await protectedCall(admin.token)).statusCode).toBe(200);
    const out = await t.call(admin.token, { method: 'POST', url: '/users/logout' });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    const after = await protectedCall(admin.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('unauthorized');
    expect((await info(admin.token)).statusCode).toBe(401);
    expect((await t.call(admin.token, { method: 'POST', url: '/users/logout' })).statusCode).toBe(401);
  });

  test('logout with a JSON content type and an empty body still works', async () => {
    const admin = await signedInAdmin(t);
    const out = await t.call(admin.token, {
      method: 'POST',
      url: '/users/logout',
      headers: { 'content-type': 'application/json' },
    });
    expect(out.statusCode).toBe(200);
  });

  test('login body is validated (400 with fieldErrors)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/users/login', payload: { email: 'not-an-email' } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.message).toBe('Some fields are invalid');
    expect(Object.keys(body.error.fieldErrors).sort()).toEqual(['email', 'password']);
  });

  test('only the hash of a token is stored, and sign-in time is recorded', async () => {
    const admin = await signedInAdmin(t);
    const sessions = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(sessions.map((s) => s.token_hash)).not.toContain(admin.token);
    const hash = createHash('sha256').update(admin.token).digest('hex');
    expect(sessions.map((s) => s.token_hash)).toContain(hash);
    const row = await t.db.selectFrom('admins').select('last_sign_in_at').where('id', '=', admin.id).executeTakeFirstOrThrow();
    expect(row.last_sign_in_at?.toISOString()).toBe(t.clock.now().toISOString());
  });
});

describe('the guard on protected routes', () => {
  test('no token → 401, unknown token → 401, role-1 token → 403, role-2 token → 200', async () => {
    const none = await protectedCall(null);
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('unauthorized');
    expect((await protectedCall('made-up-token')).statusCode).toBe(401);

    const operator = await signedInAdmin(t, 1);
    const forbidden = await protectedCall(operator.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('forbidden');

    const admin = await signedInAdmin(t);
    expect((await protectedCall(admin.token)).statusCode).toBe(200);
  });

  test('the guard runs before the body is parsed (no token + malformed JSON → 401)', async () => {
    const response = await postRaw(t, null, '/constant-variables', '{oops');
    expect(response.statusCode).toBe(401);
  });
});

describe('token lifetime', () => {
  test('idle timeout: each use extends it, 30 idle minutes end it', async () => {
    const admin = await signedInAdmin(t);
    t.clock.advanceMinutes(29);
    expect((await protectedCall(admin.token)).statusCode).toBe(200);
    t.clock.advanceMinutes(29);
    expect((await info(admin.token)).statusCode).toBe(200);
    t.clock.advanceMinutes(31);
    expect((await protectedCall(admin.token)).statusCode).toBe(401);
    expect((await info(admin.token)).statusCode).toBe(401);
  });

  test('absolute lifetime: 12 hours even when used all along', async () => {
    const admin = await signedInAdmin(t);
    for (let elapsed = 25; elapsed < 720; elapsed += 25) {
      t.clock.advanceMinutes(25);
      expect((await protectedCall(admin.token)).statusCode).toBe(200);
    }
    t.clock.advanceMinutes(25); // 725 minutes after sign-in
    expect((await protectedCall(admin.token)).statusCode).toBe(401);
  });
});
