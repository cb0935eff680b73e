import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { parseCsv } from '@phoenix/server/testing';
import type { ActionLog } from '@phoenix/contract';
import { seedLocalPlayers } from '../src/features/players/repository';
import { apiFor, at, DAY, LONG_SESSIONS } from './support/system';

/** Bulk operations list every affected id (action_log_targets); `target=player:42` finds them too. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp(LONG_SESSIONS);
  token = (await signedInAdmin(t)).token;
  await seedLocalPlayers(t.db, 300, t.clock.now());
});
afterAll(() => t.close());

const call: ReturnType<typeof apiFor> = (...args) => apiFor(t, () => token)(...args);
const actionsFor = async (target: string): Promise<string[]> => {
  const response = await call('GET', `/action-logs?target=${encodeURIComponent(target)}&pageSize=50`);
  expect(response.statusCode).toBe(200);
  return response.json().items.map((log: ActionLog) => log.action);
};

test('a bulk ban of 250 players lists each one: the 250th (past the 20-id sample) finds the entry by target', async () => {
  const ids = Array.from({ length: 250 }, (_, i) => i + 1);
  const before = await t.db.selectFrom('players').select('id').where('status', '=', 'banned').where('id', '<=', 250).execute();
  const alreadyBanned = new Set(before.map((p) => p.id)); // the seed bans a few: left out of the bulk ban
  const response = await call('POST', '/players/ban', { ids, reason: 'Bot ring', endsAt: at(t, DAY) });
  expect(response.statusCode).toBe(200);
  expect(response.json().banned).toBe(250 - alreadyBanned.size);
  expect(alreadyBanned.has(250)).toBe(false);
  const rows = await t.db.selectFrom('action_log_targets').select(['target_id']).where('target_type', '=', 'player').execute();
  expect(rows.map((r) => Number(r.target_id)).sort((a, b) => a - b)).toEqual(ids.filter((id) => !alreadyBanned.has(id)));
  expect(await actionsFor('player:250')).toEqual(['player.bulkBan']);
  expect(await actionsFor('player:251')).toEqual([]);
});

test("a player's own entries and the bulk ones together, newest first; policy members added and removed", async () => {
  expect((await call('POST', '/players/260/ban', { reason: 'Cheating', endsAt: null, version: 1 })).statusCode).toBe(200);
  const policy = await call('POST', '/policies', { name: 'History check', description: '' });
  expect(policy.statusCode).toBe(201);
  const id = policy.json().id as number;
  expect((await call('POST', `/policies/${id}/members`, { ids: [259, 260, 261] })).statusCode).toBe(200);
  expect((await call('POST', `/policies/${id}/members/remove`, { ids: [260] })).statusCode).toBe(200);
  expect(await actionsFor('player:260')).toEqual(['policy.removeMembers', 'policy.addMembers', 'player.ban']);
  expect(await actionsFor('player:261')).toEqual(['policy.addMembers']);
  // The policy's own target still finds its entries (by the log row's own target).
  expect(await actionsFor(`policy:${id}`)).toEqual(['policy.removeMembers', 'policy.addMembers', 'policy.create']);
});

test("a record's history is the same in the list, its count, its pages and its CSV export (own entries and bulk ones)", async () => {
  const list = await call('GET', `/action-logs?target=${encodeURIComponent('player:260')}&pageSize=50`);
  const items: ActionLog[] = list.json().items;
  expect(list.json()).toMatchObject({ total: 3, totalCapped: false });
  // One entry a page, in order: the branches' merge pages like the plain list.
  const paged: number[] = [];
  for (let page = 1; page <= 3; page++) {
    paged.push(
      ...(await call('GET', `/action-logs?target=player:260&pageSize=1&page=${page}`)).json().items.map((log: ActionLog) => log.id),
    );
  }
  expect(paged).toEqual(items.map((log) => log.id));
  const csv = await call('GET', `/action-logs/export.csv?target=${encodeURIComponent('player:260')}`);
  expect(csv.statusCode).toBe(200);
  const [header, ...rows] = parseCsv(csv.body.replace(/^\uFEFF/, ''));
  expect(rows.map((row) => Number(row[header!.indexOf('id')]))).toEqual(items.map((log) => log.id));
  // With a search on top: the record's entries that match it, in the list and the export alike.
  const searched = (await call('GET', '/action-logs?target=player:260&q=policy')).json().items.map((log: ActionLog) => log.action);
  expect(searched).toEqual(['policy.removeMembers', 'policy.addMembers']);
  const searchedCsv = parseCsv((await call('GET', '/action-logs/export.csv?target=player:260&q=policy')).body.replace(/^\uFEFF/, ''));
  expect(searchedCsv.slice(1).map((row) => row[searchedCsv[0]!.indexOf('action')])).toEqual(searched);
});
