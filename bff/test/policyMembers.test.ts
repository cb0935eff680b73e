// Loads the CommonJS builds of kysely (see support/commonJs.ts) before sql is imported.
import './support/testApp';
import { sql } from 'kysely';
import type { Policy } from '@phoenix/contract';
import { itRequiresAdmin } from '@phoenix/server/testing';
import { lastLog, logCount, useSystemApp } from './support/system';

const { app, call, contract } = useSystemApp();

/** Players 1..100,000 (set-based, a second or two on PGlite). */
beforeAll(async () => {
  const now = app.t.clock.now().toISOString();
  await sql`insert into players (id, name, created_at) select i, 'Player ' || i, ${now}::timestamptz from generate_series(1, 100000) as i`.execute(
    app.t.db,
  );
});

async function policy(name: string): Promise<Policy> {
  const response = await call('POST', '/policies', { name, description: '' });
  expect(response.statusCode).toBe(201);
  return response.json();
}

itRequiresAdmin(contract, 'policy member', [
  ['GET', '/policies/1/members'],
  ['POST', '/policies/1/members'],
  ['POST', '/policies/1/members/check'],
  ['POST', '/policies/1/members/remove'],
]);

test('check lists unknown ids and members already in, each in the order sent', async () => {
  const p = await policy('Check');
  await call('POST', `/policies/${p.id}/members`, { ids: [5, 3] });
  const check = await call('POST', `/policies/${p.id}/members/check`, { ids: [3, 200001, 4, 5, 3, 300000] });
  expect(check.json()).toEqual({ unknown: [200001, 300000], alreadyMembers: [3, 5] });
  expect((await call('POST', '/policies/999999/members/check', { ids: [1] })).statusCode).toBe(404);
});

test('add: unknown ids and members already in are skipped and counted; the member count follows', async () => {
  const p = await policy('Add');
  const first = await call('POST', `/policies/${p.id}/members`, { ids: [10, 11, 11, 999999] });
  expect(first.json()).toEqual({ added: 2, alreadyMembers: 0, unknown: [999999] });
  const second = await call('POST', `/policies/${p.id}/members`, { ids: [11, 12] });
  expect(second.json()).toEqual({ added: 1, alreadyMembers: 1, unknown: [] });
  expect((await call('GET', `/policies/${p.id}`)).json().memberCount).toBe(3);
  expect(await lastLog(app.t, 'policy', p.id)).toMatchObject({
    action: 'policy.addMembers',
    before: { memberCount: 2 },
    after: { count: 1, sample: [12], memberCount: 3, alreadyMembers: 1, unknownCount: 0 },
  });
});

test('list: newest first, paged, searched by exact id or name prefix; 404 for an unknown policy; bad ids are a 400', async () => {
  const p = await policy('List');
  await call('POST', `/policies/${p.id}/members`, { ids: [21, 22, 23] });
  const list = (await call('GET', `/policies/${p.id}/members?pageSize=2`)).json();
  expect(list.total).toBe(3);
  expect(list.items).toHaveLength(2);
  expect(list.items[0]).toMatchObject({ playerId: 23, name: 'Player 23', addedBy: expect.stringContaining('@test.local') });
  expect((await call('GET', `/policies/${p.id}/members?q=22`)).json().items.map((m: { playerId: number }) => m.playerId)).toEqual([22]);
  expect((await call('GET', `/policies/${p.id}/members?q=player%202`)).json().total).toBe(3);
  expect((await call('GET', '/policies/999999/members')).statusCode).toBe(404);
  expect((await call('POST', `/policies/${p.id}/members`, { ids: [0, 'x'] })).statusCode).toBe(400);
  expect((await call('GET', `/policies/${p.id}/members?q=99999999999`)).statusCode).toBe(400);
});

test('remove: only members go, the count follows, one log row', async () => {
  const p = await policy('Remove');
  await call('POST', `/policies/${p.id}/members`, { ids: [31, 32, 33] });
  const removed = await call('POST', `/policies/${p.id}/members/remove`, { ids: [31, 33, 34] });
  expect(removed.json()).toEqual({ removed: 2 });
  expect((await call('GET', `/policies/${p.id}`)).json().memberCount).toBe(1);
  expect(await lastLog(app.t, 'policy', p.id)).toMatchObject({
    action: 'policy.removeMembers',
    after: { count: 2, sample: [31, 33], memberCount: 1 },
  });
});

test('deleting a policy takes its members with it', async () => {
  const p = await policy('Delete');
  await call('POST', `/policies/${p.id}/members`, { ids: [41] });
  const version = (await call('GET', `/policies/${p.id}`)).json().version;
  expect((await call('DELETE', `/policies/${p.id}?version=${version}`)).statusCode).toBe(200);
  const left = await app.t.db.selectFrom('policy_members').select('player_id').where('policy_id', '=', p.id).execute();
  expect(left).toEqual([]);
});

test('100,000 ids in one request: one set-based transaction, one action-log row with the count and a sample', async () => {
  const p = await policy('Everyone');
  const ids = Array.from({ length: 100_000 }, (_, i) => i + 1);
  const logsBefore = await logCount(app.t);
  const started = Date.now();
  const response = await call('POST', `/policies/${p.id}/members`, { ids });
  const took = Date.now() - started;
  expect(response.json()).toEqual({ added: 100_000, alreadyMembers: 0, unknown: [] });
  expect(await logCount(app.t)).toBe(logsBefore + 1);
  const log = await lastLog(app.t, 'policy', p.id);
  expect(log).toMatchObject({ action: 'policy.addMembers', after: { count: 100_000, memberCount: 100_000 } });
  expect((log?.after as { sample: number[] }).sample).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  const stored = await app.t.db
    .selectFrom('policy_members')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('policy_id', '=', p.id)
    .executeTakeFirstOrThrow();
  expect(Number(stored.n)).toBe(100_000);
  expect((await call('GET', `/policies/${p.id}`)).json().memberCount).toBe(100_000);
  // Generous: PGlite in memory on a shared 2-core machine; PostgreSQL does this in well under a second.
  expect(took).toBeLessThan(60_000);
}, 120_000);
