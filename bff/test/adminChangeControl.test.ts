// Loads the CommonJS builds of kysely (see support/commonJs.ts) before the feature's code needs them.
import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { apiFor, DAY, LONG_SESSIONS } from './support/system';
import type { MailMessage } from '../src/mail/mailer';

/**
 * Checked on the BFF, in "approve": one admin cannot make (or reset) an account and
 * act as it. Admin management is change-controlled; the secret goes by mail to the account's owner,
 * never to the acting admin nor into the request; an approver the requester created, reset or
 * promoted, or younger than the minimum age, is refused.
 */
const mails: MailMessage[] = [];
let t: TestApp;
let a: ReturnType<typeof apiFor>;
let c: ReturnType<typeof apiFor>;
let adminA: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  t = await createTestApp({
    ...LONG_SESSIONS,
    changeControl: { mode: 'approve', ttlHours: 24, approverMinAgeDays: 7 },
    mailer: { send: async (message) => void mails.push(message) },
    consoleUrl: 'https://admin.example.test',
  });
  adminA = await signedInAdmin(t);
  const adminC = await signedInAdmin(t);
  a = apiFor(t, () => adminA.token);
  c = apiFor(t, () => adminC.token);
  t.clock.advanceMinutes((8 * DAY) / 60_000); // A and C have held their accounts for 8 days
});
afterAll(() => t.close());

const tokenIn = (mail: MailMessage) => /#invitation=([\w%-]+)/.exec(mail.text)?.[1];

async function approved(call: ReturnType<typeof apiFor>, request: { id: number; version: number }) {
  return call('POST', `/change-requests/${request.id}/approve`, { version: request.version, comment: '' });
}

async function requestAs(call: ReturnType<typeof apiFor>, method: string, path: string, body: unknown) {
  const response = await call('POST', '/change-requests', { method, path, body, reason: 'probe' });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; version: number; result: unknown };
}

/** A's request for an admin "b", approved by C: the invitation goes to b's address, nothing to A. */
async function invitedByA(email: string) {
  const request = await requestAs(a, 'POST', '/admins', { email, role: 2, roles: ['owner'] });
  expect(mails.some((m) => m.to === email)).toBe(false); // the request's dry run mailed nothing
  const applied = await approved(c, request);
  expect(applied.statusCode).toBe(200);
  const mail = mails.find((m) => m.to === email)!;
  expect(mail.text).toContain('https://admin.example.test/auth/login#invitation=');
  const stored = JSON.stringify(applied.json());
  expect(stored).not.toContain(decodeURIComponent(tokenIn(mail)!));
  expect(stored).not.toContain('oneTimePassword');
  return decodeURIComponent(tokenIn(mail)!);
}

test('creating, promoting, enabling and resetting an admin need a second admin (428), even for a role-2 owner', async () => {
  const target = await t.createAccount({ role: 2, roles: ['viewer'] });
  const version = (await a('GET', `/admins/${target.id}`)).json().version;
  const calls: [string, string, unknown][] = [
    ['POST', '/admins', { email: 'direct@test.local', role: 2, roles: ['owner'] }],
    ['PUT', `/admins/${target.id}`, { role: 2, roles: ['owner'], version }],
    ['PATCH', `/admins/${target.id}/status`, { status: 'disabled', version }],
    ['POST', `/admins/${target.id}/reset-password`, { version }],
    ['POST', `/admins/${target.id}/reset-factors`, undefined],
  ];
  for (const [method, url, body] of calls) {
    const response = await a(method as 'POST', url, body);
    expect([response.statusCode, response.json().error.code]).toEqual([428, 'approval_required']);
  }
  expect(mails).toHaveLength(0);
});

test('the second-admin bypass is refused at every step', async () => {
  const email = 'second@test.local';
  const token = await invitedByA(email);
  // The link is single-use: the new admin chooses a password through it.
  const check = await t.app.inject({ method: 'POST', url: '/users/invitation', payload: { token } });
  expect(check.json()).toMatchObject({ email, kind: 'invite' });
  const accepted = await t.app.inject({
    method: 'POST',
    url: '/users/invitation/accept',
    payload: { token, newPassword: 'second admin password 42' },
  });
  expect(accepted.statusCode).toBe(200);
  const again = await t.app.inject({ method: 'POST', url: '/users/invitation/accept', payload: { token, newPassword: 'x'.repeat(20) } });
  expect([again.statusCode, again.json().error.code]).toEqual([404, 'invitation_invalid']);

  // A's own change, then the account A had created tries to approve it.
  const second = apiFor(t, () => secondToken);
  const secondToken = await t.login(email, 'second admin password 42');
  const own = await requestAs(a, 'POST', '/constant-variables', { key: 'probe_key', type: 'number', value: '1', description: 'p' });
  expect((await approved(a, own)).statusCode).toBe(403); // self
  const tooNew = await approved(second, own);
  expect([tooNew.statusCode, tooNew.json().error.code]).toEqual([403, 'change_request_approver_too_new']);
  // Eight days on the account is old enough, but A created it: still refused.
  t.clock.advanceMinutes((8 * DAY) / 60_000);
  const fresh = await requestAs(a, 'POST', '/constant-variables', { key: 'probe_key2', type: 'number', value: '1', description: 'p' });
  const linked = await approved(second, fresh);
  expect([linked.statusCode, linked.json().error.code]).toEqual([403, 'change_request_linked_approver']);
  // A third admin, neither new nor linked, may.
  expect((await approved(c, fresh)).statusCode).toBe(200);
});

test('a reset sends the new link to the account owner, never to the admin who asked for it', async () => {
  const target = await t.createAccount({ role: 2, roles: ['owner'] });
  t.clock.advanceMinutes((8 * DAY) / 60_000); // an account old enough to approve
  const version = (await a('GET', `/admins/${target.id}`)).json().version;
  const request = await requestAs(a, 'POST', `/admins/${target.id}/reset-password`, { version });
  const applied = await approved(c, request);
  expect(applied.statusCode).toBe(200);
  expect(applied.json().result).toMatchObject({ invitation: { sentTo: target.email } });
  const mail = mails.filter((m) => m.to === target.email).at(-1)!;
  expect(JSON.stringify(applied.json())).not.toContain(decodeURIComponent(tokenIn(mail)!));
  // The old password opens nothing any more.
  const old = await t.app.inject({ method: 'POST', url: '/users/login', payload: { email: target.email, password: target.password } });
  expect(old.statusCode).toBe(401);
  // And the account A reset cannot approve A's requests.
  const resetToken = decodeURIComponent(tokenIn(mail)!);
  await t.app.inject({
    method: 'POST',
    url: '/users/invitation/accept',
    payload: { token: resetToken, newPassword: 'reset owner password 42' },
  });
  const resetAdmin = apiFor(t, () => resetSession);
  const resetSession = await t.login(target.email, 'reset owner password 42');
  const own = await requestAs(a, 'POST', '/constant-variables', { key: 'probe_key3', type: 'number', value: '1', description: 'p' });
  const linked = await approved(resetAdmin, own);
  expect([linked.statusCode, linked.json().error.code]).toEqual([403, 'change_request_linked_approver']);
});

test('an expired or replaced link opens nothing; a weak password is refused and the link stays usable', async () => {
  const token = await invitedByA('third@test.local');
  const weak = await t.app.inject({ method: 'POST', url: '/users/invitation/accept', payload: { token, newPassword: 'password1234' } });
  expect(weak.statusCode).toBe(400);
  expect((await t.app.inject({ method: 'POST', url: '/users/invitation', payload: { token } })).statusCode).toBe(200);
  t.clock.advanceMinutes(25 * 60); // past ONE_TIME_PASSWORD_TTL_HOURS (24)
  const late = await t.app.inject({ method: 'POST', url: '/users/invitation', payload: { token } });
  expect([late.statusCode, late.json().error.code]).toEqual([404, 'invitation_invalid']);
  const forged = await t.app.inject({ method: 'POST', url: '/users/invitation', payload: { token: 'x'.repeat(43) } });
  expect(forged.statusCode).toBe(404);
});

test('without a mail server, "approve" refuses to file an account change (the secret would reach the acting admin)', async () => {
  const bare = await createTestApp({ ...LONG_SESSIONS, changeControl: { mode: 'approve' } });
  try {
    const owner = await signedInAdmin(bare);
    const response = await apiFor(bare, () => owner.token)('POST', '/change-requests', {
      method: 'POST',
      path: '/admins',
      body: { email: 'nomail@test.local', role: 2, roles: ['owner'] },
      reason: 'probe',
    });
    expect([response.statusCode, response.json().error.code]).toEqual([409, 'mail_not_configured']);
    expect(await bare.db.selectFrom('admins').select('id').where('email', '=', 'nomail@test.local').executeTakeFirst()).toBeUndefined();
  } finally {
    await bare.close();
  }
});
