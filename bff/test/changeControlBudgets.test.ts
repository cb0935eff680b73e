// Loads the CommonJS builds of kysely (see support/commonJs.ts) before the feature's code needs them.
import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { CHANGE_CONTROL_CODES, type ChangeRequest, type TermsVersion } from '@phoenix/contract';
import { seedLocalPlayers } from '../src/features/players/repository';
import { apiFor, at, HOUR, LONG_SESSIONS } from './support/system';

/**
 * Issue "Trust II" on the BFF, in "approve": a bulk ban of more players than CHANGE_CONTROL_BULK_BAN
 * is a change request (applied through it once approved), a smaller one applies directly; id-list
 * operations count per admin per UTC day against CHANGE_CONTROL_IDS_PER_DAY; publishing news and
 * terms of service reaches every player, so it needs a second admin too.
 */
const BULK_BAN = 5;
const IDS_PER_DAY = 12;
let t: TestApp;
let a: ReturnType<typeof apiFor>;
let b: ReturnType<typeof apiFor>;
let c: ReturnType<typeof apiFor>;

beforeAll(async () => {
  t = await createTestApp({ ...LONG_SESSIONS, changeControl: { mode: 'approve', bulkBanAbove: BULK_BAN, idsPerDay: IDS_PER_DAY } });
  const [signedA, signedB, signedC] = [await signedInAdmin(t), await signedInAdmin(t), await signedInAdmin(t)];
  a = apiFor(t, () => signedA.token);
  b = apiFor(t, () => signedB.token);
  c = apiFor(t, () => signedC.token);
  await seedLocalPlayers(t.db, 100, t.clock.now());
});
afterAll(() => t.close());

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
const bannedOf = async (ids: number[]) =>
  (await t.db.selectFrom('players').select('id').where('id', 'in', ids).where('status', '=', 'banned').execute()).length;
const ban = (api: typeof a, ids: number[]) => api('POST', '/players/ban', { ids, reason: 'Bots' });

/** Files `call` as A's change request and has B approve it: the approval's answer. */
async function approvedThroughRequest(call: { method: string; path: string; body: unknown }) {
  const filed = await a('POST', '/change-requests', { ...call, reason: 'Reviewed' });
  expect(filed.statusCode).toBe(201);
  const request = filed.json() as ChangeRequest;
  return b('POST', `/change-requests/${request.id}/approve`, { version: request.version, comment: 'OK' });
}

test('a bulk ban past its limit answers 428 and applies through an approved request; below it, directly', async () => {
  const many = range(1, BULK_BAN + 1);
  const refused = await ban(a, many);
  expect(refused.statusCode).toBe(428);
  expect(refused.json().error).toMatchObject({
    code: CHANGE_CONTROL_CODES.approvalRequired,
    current: { scope: `ban of ${BULK_BAN + 1} players`, operation: 'player.bulkBan' },
  });
  expect(await bannedOf(many)).toBe(0);

  const approved = await approvedThroughRequest({ method: 'POST', path: '/players/ban', body: { ids: many, reason: 'Bots' } });
  expect(approved.statusCode).toBe(200);
  expect(approved.json()).toMatchObject({ status: 'applied', result: { banned: BULK_BAN + 1 } });
  expect(await bannedOf(many)).toBe(BULK_BAN + 1);

  const few = range(20, 3);
  expect((await ban(a, few)).statusCode).toBe(200);
  expect(await bannedOf(few)).toBe(3);
});

test('id-list operations count per admin per day: the call past the budget answers 428 saying what is left', async () => {
  // C's own budget (A's bans above are A's): 5 banned, 5 added to a policy = 10 of 12.
  expect((await ban(c, range(30, 5))).statusCode).toBe(200);
  const policy = (await c('POST', '/policies', { name: 'Budget test', description: '' })).json() as { id: number };
  expect((await c('POST', `/policies/${policy.id}/members`, { ids: range(40, 5) })).statusCode).toBe(200);

  const past = await ban(c, range(50, 3));
  expect(past.statusCode).toBe(428);
  expect(past.json().error.code).toBe(CHANGE_CONTROL_CODES.approvalRequired);
  expect(past.json().error.message).toContain('daily budget of player ids in id-list operations is used up: 2 of 12 ids left today');
  expect(await bannedOf(range(50, 3))).toBe(0);
  // A repeated id is one id: two distinct ids fit.
  expect((await ban(c, [50, 51, 51])).statusCode).toBe(200);
  expect((await c('POST', `/policies/${policy.id}/members`, { ids: [60] })).statusCode).toBe(428);

  // The next UTC day starts afresh.
  const now = t.clock.now();
  t.clock.advanceMinutes((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 60_000);
  expect((await c('POST', `/policies/${policy.id}/members`, { ids: [60] })).statusCode).toBe(200);
});

test('publishing news and terms of service answers 428 in approve mode; a draft does not', async () => {
  const news = { title: 'Season 3', body: 'Soon', category: 'event', publishStart: at(t, HOUR), publishEnd: null, pinned: false };
  const created = await a('POST', '/news', news);
  expect(created.statusCode).toBe(428);
  expect(created.json().error).toMatchObject({ code: CHANGE_CONTROL_CODES.approvalRequired, current: { operation: 'news.create' } });
  expect(await t.db.selectFrom('news').select('id').where('title', '=', 'Season 3').execute()).toEqual([]);
  const approved = await approvedThroughRequest({ method: 'POST', path: '/news', body: news });
  expect(approved.statusCode).toBe(200);
  const item = await t.db.selectFrom('news').selectAll().where('title', '=', 'Season 3').executeTakeFirstOrThrow();
  const edited = await a('PUT', `/news/${item.id}`, { ...news, title: 'Season 3 (moved)', version: item.version });
  expect(edited.statusCode).toBe(428);
  expect(edited.json().error.current).toMatchObject({ scope: `news item ${item.id}`, operation: 'news.update' });

  const draft = await a('POST', '/terms-of-service', { title: 'Terms', body: 'Be kind', effectiveAt: at(t, HOUR) });
  expect(draft.statusCode).toBe(201);
  const version = draft.json() as TermsVersion;
  const published = await a('POST', `/terms-of-service/${version.id}/publish`, { version: version.version });
  expect(published.statusCode).toBe(428);
  expect(published.json().error.current).toMatchObject({
    scope: `terms of service version ${version.id}`,
    operation: 'termsOfService.publish',
  });
  const applied = await approvedThroughRequest({
    method: 'POST',
    path: `/terms-of-service/${version.id}/publish`,
    body: { version: version.version },
  });
  expect(applied.statusCode).toBe(200);
  expect(((await a('GET', `/terms-of-service/${version.id}`)).json() as TermsVersion).publishedAt).not.toBeNull();
});

test('the settings name the limits and the new operations', async () => {
  const settings = (await b('GET', '/change-requests/settings')).json();
  expect(settings).toMatchObject({ bulkBanAbove: BULK_BAN, idsPerDay: IDS_PER_DAY, adjustmentPointsPerDay: expect.any(Number) });
  const names = settings.operations.map((op: { name: string }) => op.name);
  expect(names).toEqual(
    expect.arrayContaining(['player.bulkBan', 'policy.addMembers', 'news.create', 'news.update', 'termsOfService.publish']),
  );
});
