import { createTestApp, type TestApp } from './support/testApp';
import { lastLog } from './support/system';
import { browserLabel } from '../src/features/auth/security';

/**
 * Sessions an admin controls: its open sessions (browser, address, created, last seen),
 * ending one, signing out everywhere, a password change (current + new) that ends every other
 * session, any admin's sessions for security admins, and MAX_SESSIONS_PER_ADMIN.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ maxSessionsPerAdmin: 3, loginThrottle: { maxFailures: 3, windowMinutes: 15, maxFailuresPerClient: 100 } });
});
afterAll(() => t.close());

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function signIn(email: string, password: string, userAgent = CHROME): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/users/login',
    headers: { 'user-agent': userAgent },
    payload: { email, password },
  });
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
}
const works = async (token: string) => (await t.call(token, { method: 'POST', url: '/users/info' })).statusCode === 200;
const sessions = async (token: string, url = '/security/sessions') => {
  const response = await t.call(token, { method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.json().items as { id: number; browser: string | null; clientAddress: string | null; current: boolean }[];
};

test('the Security page lists the open sessions, newest first, with the browser and address; the one in use is marked', async () => {
  const account = await t.createAccount({});
  const first = await signIn(account.email, account.password, 'curl/8.5.0');
  t.clock.advanceMinutes(1);
  const second = await signIn(account.email, account.password);
  const list = await sessions(second);
  expect(list).toHaveLength(2);
  expect(list[0]).toMatchObject({ browser: 'Chrome 131 on Linux', clientAddress: '127.0.0.1', current: true });
  expect(list[1]).toMatchObject({ current: false });
  expect((await sessions(first))[1]!.current).toBe(true);
});

test('ending one session: that token stops working at once, the others go on; the one in use cannot be ended this way', async () => {
  const account = await t.createAccount({});
  const kept = await signIn(account.email, account.password);
  const other = await signIn(account.email, account.password);
  const [mine, theirs] = [(await sessions(kept)).find((s) => s.current)!, (await sessions(kept)).find((s) => !s.current)!];

  const refused = await t.call(kept, { method: 'DELETE', url: `/security/sessions/${mine.id}` });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().error.message).toBe('This is the session you are using: sign out instead');

  const ended = await t.call(kept, { method: 'DELETE', url: `/security/sessions/${theirs.id}` });
  expect(ended.statusCode).toBe(200);
  expect(ended.json()).toEqual({ endedSessions: 1 });
  expect(await works(other)).toBe(false);
  expect(await works(kept)).toBe(true);
  expect(await lastLog(t, 'admin', account.id)).toMatchObject({ action: 'auth.sessionEnded', before: { sessionId: theirs.id } });
  // Twice, or another admin's session: nothing to end.
  expect((await t.call(kept, { method: 'DELETE', url: `/security/sessions/${theirs.id}` })).statusCode).toBe(404);
  const stranger = await t.createAccount({});
  const strangers = await signIn(stranger.email, stranger.password);
  const strangersId = (await sessions(strangers))[0]!.id;
  expect((await t.call(kept, { method: 'DELETE', url: `/security/sessions/${strangersId}` })).statusCode).toBe(404);
  expect(await works(strangers)).toBe(true);
});

test('sign out everywhere ends every session of the admin, the one in use included, and no other admin’s', async () => {
  const account = await t.createAccount({});
  const tokens = [await signIn(account.email, account.password), await signIn(account.email, account.password)];
  const bystander = await t.createAccount({});
  const bystanders = await signIn(bystander.email, bystander.password);

  const response = await t.call(tokens[0]!, { method: 'POST', url: '/security/sign-out-everywhere' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ endedSessions: 2 });
  for (const token of tokens) expect(await works(token)).toBe(false);
  expect(await works(bystanders)).toBe(true);
  expect(await lastLog(t, 'admin', account.id)).toMatchObject({ action: 'auth.signOutEverywhere', after: { endedSessions: 2 } });
});

test('a password change needs the current password, refuses a common one, and ends every other session', async () => {
  const account = await t.createAccount({});
  const here = await signIn(account.email, account.password);
  const elsewhere = await signIn(account.email, account.password);
  const change = (body: object) => t.call(here, { method: 'POST', url: '/security/password', payload: body });

  const wrong = await change({ currentPassword: 'not my password', newPassword: 'a brand new passphrase' });
  expect(wrong.statusCode).toBe(400); // not 401: that would sign the console out
  expect(wrong.json().error.fieldErrors).toEqual({ currentPassword: ['This is not your current password'] });
  expect(await lastLog(t, 'admin', account.id)).toMatchObject({ action: 'auth.passwordChangeRefused', after: { reason: 'wrongPassword' } });

  const common = await change({ currentPassword: account.password, newPassword: 'password1234' });
  expect(common.statusCode).toBe(400);
  expect(common.json().error.fieldErrors.newPassword).toEqual(['This password is on a list of common passwords: choose another']);
  const short = await change({ currentPassword: account.password, newPassword: 'short' });
  expect(short.statusCode).toBe(400);
  expect(await works(elsewhere)).toBe(true); // nothing changed yet

  const done = await change({ currentPassword: account.password, newPassword: 'a brand new passphrase' });
  expect(done.statusCode).toBe(200);
  expect(done.json()).toEqual({ endedSessions: 1 });
  expect(await works(elsewhere)).toBe(false);
  expect(await works(here)).toBe(true);
  expect(await lastLog(t, 'admin', account.id)).toMatchObject({ action: 'auth.passwordChanged', after: { endedSessions: 1 } });
  const old = await t.app.inject({ method: 'POST', url: '/users/login', payload: { email: account.email, password: account.password } });
  expect(old.statusCode).toBe(401);
  await signIn(account.email, 'a brand new passphrase');
});

test('wrong current passwords count in the sign-in throttle: past its limit a 429, the right one included', async () => {
  const account = await t.createAccount({});
  const token = await signIn(account.email, account.password);
  const change = (currentPassword: string) =>
    t.call(token, { method: 'POST', url: '/security/password', payload: { currentPassword, newPassword: 'another long passphrase' } });
  for (let i = 0; i < 3; i++) expect((await change(`guess number ${i}`)).statusCode).toBe(400);
  expect((await change(account.password)).statusCode).toBe(429);
  expect(await works(token)).toBe(true); // the session itself goes on
});

test('MAX_SESSIONS_PER_ADMIN: a sign-in past the limit ends the oldest session, and the log says which', async () => {
  const account = await t.createAccount({});
  const tokens: string[] = [];
  for (let i = 0; i < 3; i++) {
    tokens.push(await signIn(account.email, account.password));
    t.clock.advanceMinutes(1);
  }
  const oldestId = (await sessions(tokens[0]!)).find((s) => s.current)!.id;
  const fourth = await signIn(account.email, account.password);
  expect(await works(tokens[0]!)).toBe(false);
  for (const token of [...tokens.slice(1), fourth]) expect(await works(token)).toBe(true);
  expect(await sessions(fourth)).toHaveLength(3);
  expect(await lastLog(t, 'admin', account.id)).toMatchObject({ action: 'auth.login', after: { endedSessions: [oldestId] } });
});

test("an admin's sessions are listed and ended one by one from the admin list; an unknown admin is a 404", async () => {
  const security = await t.createAccount({});
  const securityToken = await signIn(security.email, security.password);
  const target = await t.createAccount({});
  const targetToken = await signIn(target.email, target.password);
  const listed = await sessions(securityToken, `/admins/${target.id}/sessions`);
  expect(listed).toHaveLength(1);
  expect(listed[0]!.current).toBe(false);
  const ended = await t.call(securityToken, { method: 'DELETE', url: `/admins/${target.id}/sessions/${listed[0]!.id}` });
  expect(ended.statusCode).toBe(200);
  expect(await works(targetToken)).toBe(false);
  expect(await lastLog(t, 'admin', target.id)).toMatchObject({ action: 'auth.sessionEnded', admin_email: security.email });
  expect((await t.call(securityToken, { method: 'GET', url: '/admins/999999/sessions' })).statusCode).toBe(404);
  // A session id that is not this admin's ends nothing.
  const ownId = (await sessions(securityToken))[0]!.id;
  const other = await t.call(securityToken, { method: 'DELETE', url: `/admins/${target.id}/sessions/${ownId}` });
  expect(other.statusCode).toBe(400); // the one in use: sign out instead
  expect(await works(securityToken)).toBe(true);
});

test('browser labels come from the User-Agent, and none is none', () => {
  expect(browserLabel(CHROME)).toBe('Chrome 131 on Linux');
  expect(browserLabel(null)).toBeNull();
  expect(browserLabel('')).toBeNull();
  expect(browserLabel('\u0000\uffff garbage')).toBeNull();
});
