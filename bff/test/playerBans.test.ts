import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { playersResource, type Player } from '@phoenix/contract';
import { sql } from 'kysely';
import { seedLocalPlayers } from '../src/features/players/repository';
import { expectStaleConflict, itKeepsTheResourceContract } from '@phoenix/server/testing';
import { apiFor, at, DAY, HOUR, lastLog, LONG_SESSIONS } from './support/system';

let t: TestApp;
let token: string;
let operatorToken: string;
beforeAll(async () => {
  t = await createTestApp(LONG_SESSIONS);
  token = (await signedInAdmin(t)).token;
  operatorToken = (await signedInAdmin(t, 1)).token;
  await seedLocalPlayers(t.db, 300, t.clock.now());
  await t.db
    .updateTable('players')
    .set({ name: 'Zed Alpha', wallet_address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed' })
    .where('id', '=', 42)
    .execute();
});
afterAll(() => t.close());

const call: ReturnType<typeof apiFor> = (...args) => apiFor(t, () => token)(...args);
const contract = { t: () => t, token: () => token, operatorToken: () => operatorToken };
itKeepsTheResourceContract(contract, playersResource, [
  ['GET', '/players/1/bans'],
  ['POST', '/players/1/ban'],
  ['POST', '/players/1/unban'],
  ['POST', '/players/ban'],
]);

const get = async (id: number): Promise<Player> => (await call('GET', `/players/${id}`)).json();
const ids = async (url: string): Promise<number[]> => (await call('GET', url)).json().items.map((p: Player) => p.id);
const openSessions = async (playerId: number) =>
  Number(
    (
      await t.db
        .selectFrom('player_sessions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('player_id', '=', playerId)
        .where('ended_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );
const openSession = (playerId: number) =>
  t.db.insertInto('player_sessions').values({ player_id: playerId, started_at: t.clock.now() }).execute();
const unbannedId = async (from: number) => {
  const row = await t.db
    .selectFrom('players')
    .select('id')
    .where('status', '=', 'active')
    .where('id', '>=', from)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

describe('search', () => {
  test('by exact id, by name prefix (any case), by wallet (exact, any case)', async () => {
    expect(await ids('/players?by=id&q=42')).toEqual([42]);
    expect(await ids('/players?by=id&q=4')).toEqual([4]);
    expect(await ids('/players?by=name&q=zED al')).toEqual([42]);
    expect(await ids('/players?by=name&q=Alpha')).toEqual([]); // a prefix, not a substring
    expect(await ids('/players?by=wallet&q=0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toEqual([42]);
    expect(await ids('/players?by=wallet&q=0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea')).toEqual([]);
    const bad = await call('GET', '/players?by=id&q=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors.q).toEqual(['Enter a player id (a whole number)']);
    expect((await call('GET', '/players?by=email&q=x')).statusCode).toBe(400);
  });

  test('name prefix search escapes LIKE wildcards', async () => {
    expect(await ids('/players?by=name&q=%25')).toEqual([]);
    expect(await ids('/players?by=name&q=_')).toEqual([]);
  });

  test('level range and status filters; sorted and paged on the server', async () => {
    const page = (await call('GET', '/players?levelMin=10&levelMax=12&sort=level&order=desc&pageSize=200')).json();
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((p: Player) => p.level >= 10 && p.level <= 12)).toBe(true);
    expect(page.items[0].level).toBe(12);
    const banned = (await call('GET', '/players?status=banned&pageSize=200')).json();
    expect(banned.items.every((p: Player) => p.status === 'banned')).toBe(true);
    expect((await call('GET', '/players?levelMin=x')).statusCode).toBe(400);
  });
});

describe('ban and unban', () => {
  test('a ban needs a reason, ends the player sessions, is in the history and the log; unban needs a reason too', async () => {
    const id = await unbannedId(10);
    await openSession(id);
    await openSession(id);
    const before = await get(id);
    const noReason = await call('POST', `/players/${id}/ban`, { reason: '  ', version: before.version });
    expect(noReason.json().error.fieldErrors.reason).toEqual(['Give a reason']);

    const banned = await call('POST', `/players/${id}/ban`, { reason: 'Cheating', version: before.version });
    expect(banned.statusCode).toBe(200);
    expect(banned.json()).toMatchObject({ status: 'banned', banEndsAt: null, version: before.version + 1 });
    expect(await openSessions(id)).toBe(0);
    const ended = await t.db.selectFrom('player_sessions').select('end_reason').where('player_id', '=', id).execute();
    expect(ended.map((s) => s.end_reason)).toEqual(['ban', 'ban']);
    expect(await lastLog(t, 'player', id)).toMatchObject({
      action: 'player.ban',
      after: expect.objectContaining({ reason: 'Cheating', sessionsEnded: 2 }),
    });

    const again = await call('POST', `/players/${id}/ban`, { reason: 'Twice', version: before.version + 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This player is already banned');

    const current = await get(id);
    expect((await call('POST', `/players/${id}/unban`, { version: current.version })).json().error.fieldErrors.reason).toBeDefined();
    const lifted = await call('POST', `/players/${id}/unban`, { reason: 'Appeal accepted', version: current.version });
    expect(lifted.json()).toMatchObject({ status: 'active', banEndsAt: null });
    const history = (await call('GET', `/players/${id}/bans`)).json().items;
    expect(history[0]).toMatchObject({
      reason: 'Cheating',
      liftReason: 'Appeal accepted',
      inForce: false,
      liftedBy: expect.stringContaining('@'),
    });
    expect((await call('POST', `/players/${id}/unban`, { reason: 'x', version: current.version + 1 })).json().error.message).toBe(
      'This player is not banned',
    );
  });

  test('a ban end in the past is refused; a ban with an end lifts itself by time (no job)', async () => {
    const id = await unbannedId(20);
    const { version } = await get(id);
    const past = await call('POST', `/players/${id}/ban`, { reason: 'Spam', endsAt: at(t, -HOUR), version });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fieldErrors.endsAt).toEqual(['The end of a ban must be in the future']);
    expect(past.json().error.fieldErrorKeys.endsAt).toEqual(['the_end_of_a_ban_must_be_in_the_future']);
    // Said together with the other fields' errors, not after they are fixed; the bulk ban too.
    const both = await call('POST', `/players/${id}/ban`, { reason: ' ', endsAt: at(t, -HOUR), version });
    expect(both.json().error.fieldErrors).toEqual({ reason: ['Give a reason'], endsAt: ['The end of a ban must be in the future'] });
    const bulk = await call('POST', '/players/ban', { ids: [id], reason: 'x'.repeat(501), endsAt: at(t, -HOUR) });
    expect(bulk.json().error.fieldErrors).toEqual({
      reason: ['A reason is at most 500 characters'],
      endsAt: ['The end of a ban must be in the future'],
    });
    const ends = at(t, 2 * HOUR);
    expect((await call('POST', `/players/${id}/ban`, { reason: 'Spam', endsAt: ends, version })).json()).toMatchObject({
      status: 'banned',
      banEndsAt: ends,
    });
    expect(await ids(`/players?by=id&q=${id}&status=banned`)).toEqual([id]);
    t.clock.advanceMinutes(3 * 60);
    expect(await get(id)).toMatchObject({ status: 'active', banEndsAt: null });
    expect(await ids(`/players?by=id&q=${id}&status=banned`)).toEqual([]);
    expect(await ids(`/players?by=id&q=${id}&status=active`)).toEqual([id]);
    expect((await call('GET', `/players/${id}/bans`)).json().items[0].inForce).toBe(false);
    // Banning again after the end works.
    expect((await call('POST', `/players/${id}/ban`, { reason: 'Again', version: (await get(id)).version })).statusCode).toBe(200);
  });

  test('a stale version → 409 with the current player, nothing changed', async () => {
    const id = await unbannedId(30);
    const current = await get(id);
    await expectStaleConflict(
      contract,
      ['POST', `/players/${id}/ban`, { reason: 'x', version: current.version + 1 }],
      `/players/${id}`,
      current,
    );
  });

  test('bulk ban: set-based, skips the already banned, reports unknown ids, one log row with count and sample', async () => {
    const targets = (
      await t.db.selectFrom('players').select('id').where('status', '=', 'active').where('id', '>=', 100).orderBy('id').limit(30).execute()
    ).map((r) => r.id);
    await openSession(targets[0]);
    const alreadyBanned = targets[29];
    await call('POST', `/players/${alreadyBanned}/ban`, { reason: 'Earlier', version: (await get(alreadyBanned)).version });
    const logsBefore = Number((await sql<{ n: string }>`select count(*) as n from action_logs`.execute(t.db)).rows[0].n);

    const response = await call('POST', '/players/ban', { ids: [...targets, targets[0], 99999], reason: 'Bot ring', endsAt: at(t, DAY) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ banned: 29, alreadyBanned: 1, unknown: [99999] });
    expect(await openSessions(targets[0])).toBe(0);
    expect((await get(targets[5])).status).toBe('banned');
    expect((await get(alreadyBanned)).banEndsAt).toBeNull(); // left as it was
    const logsAfter = Number((await sql<{ n: string }>`select count(*) as n from action_logs`.execute(t.db)).rows[0].n);
    expect(logsAfter - logsBefore).toBe(1);
    const log = await t.db.selectFrom('action_logs').selectAll().where('action', '=', 'player.bulkBan').executeTakeFirstOrThrow();
    expect(log.after).toMatchObject({ count: 29, sample: targets.slice(0, 20), reason: 'Bot ring', sessionsEnded: 1, unknownCount: 1 });
    expect((await call('POST', '/players/ban', { ids: [1], reason: '' })).statusCode).toBe(400);
    expect((await call('POST', '/players/ban', { ids: [1], reason: 'x', endsAt: at(t, -1) })).statusCode).toBe(400);
  });
});
