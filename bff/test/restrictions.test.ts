// Loads the CommonJS builds of kysely (see support/commonJs.ts) before sql is imported.
import './support/testApp';
import { sql } from 'kysely';
import type { PlayerRestrictions } from '@phoenix/contract';
import { itRequiresAdmin } from '@phoenix/server/testing';
import { at, DAY, HOUR, lastLog, refusedFieldErrors, useSystemApp } from './support/system';

const { app, call, contract } = useSystemApp();

beforeAll(async () => {
  const now = app.t.clock.now().toISOString();
  await sql`insert into players (id, name, created_at) select i, 'Player ' || i, ${now}::timestamptz from generate_series(1, 10) as i`.execute(
    app.t.db,
  );
});

const restrictions = async (playerId: number): Promise<PlayerRestrictions> =>
  (await call('GET', `/players/${playerId}/restrictions`)).json();

itRequiresAdmin(contract, 'player restriction', [
  ['GET', '/players/1/restrictions'],
  ['POST', '/players/1/restrictions'],
  ['DELETE', '/players/1/restrictions/1'],
]);

test('a direct restriction with an end: listed while in force, gone by time; logged', async () => {
  const created = await call('POST', '/players/1/restrictions', { apiId: 5, endsAt: at(app.t, HOUR) });
  expect(created.statusCode).toBe(201);
  expect(created.json()).toMatchObject({ apiId: 5, apiCode: 'shop.purchase', endsAt: at(app.t, HOUR) });
  expect(await lastLog(app.t, 'player', 1)).toMatchObject({ action: 'player.restrictApi', after: { apiId: 5 } });
  expect((await restrictions(1)).direct.map((r) => r.apiId)).toEqual([5]);
  app.t.clock.advanceMinutes(2 * 60);
  expect((await restrictions(1)).direct).toEqual([]);
  // Past its end it may be restricted again (the old row is replaced).
  expect((await call('POST', '/players/1/restrictions', { apiId: 5, endsAt: null })).statusCode).toBe(201);
  expect((await restrictions(1)).direct).toMatchObject([{ apiId: 5, endsAt: null }]);
});

test('refused: an end in the past, an unknown API, an API restricted already, an unknown player', async () => {
  expect(await refusedFieldErrors(app.t, call, 'POST', '/players/2/restrictions', { apiId: 1, endsAt: at(app.t, -HOUR) })).toEqual({
    endsAt: ['The end of a restriction must be in the future'],
  });
  expect(await refusedFieldErrors(app.t, call, 'POST', '/players/2/restrictions', { apiId: 999 })).toEqual({
    apiId: ['No such API in the catalogue'],
  });
  expect((await refusedFieldErrors(app.t, call, 'POST', '/players/2/restrictions', {})).apiId).toBeDefined();
  await call('POST', '/players/2/restrictions', { apiId: 1 });
  const again = await call('POST', '/players/2/restrictions', { apiId: 1, endsAt: at(app.t, DAY) });
  expect(again.statusCode).toBe(409);
  expect(again.json().error.message).toBe('This API is already restricted for this player');
  expect((await call('POST', '/players/99999/restrictions', { apiId: 1 })).statusCode).toBe(404);
  expect((await call('GET', '/players/99999/restrictions')).statusCode).toBe(404);
});

test('lift a direct restriction; lifting one not in force is a 404', async () => {
  await call('POST', '/players/3/restrictions', { apiId: 2 });
  expect((await call('DELETE', '/players/3/restrictions/2')).statusCode).toBe(200);
  expect(await lastLog(app.t, 'player', 3)).toMatchObject({ action: 'player.unrestrictApi', before: { apiId: 2 }, after: null });
  expect((await restrictions(3)).direct).toEqual([]);
  expect((await call('DELETE', '/players/3/restrictions/2')).statusCode).toBe(404);
});

test('effective restrictions = direct ∪ the APIs of every policy the player is in, each with its source and end', async () => {
  const end = at(app.t, DAY);
  await call('POST', '/players/4/restrictions', { apiId: 17, endsAt: end }); // market.list
  const trade = (await call('POST', '/policies', { name: 'Trade freeze', description: '' })).json();
  await call('PUT', `/policies/${trade.id}/apis`, { apiIds: [17, 18], version: 1 }); // market.list, market.buy
  const chat = (await call('POST', '/policies', { name: 'Chat mute', description: '' })).json();
  await call('PUT', `/policies/${chat.id}/apis`, { apiIds: [13], version: 1 }); // chat.send
  const other = (await call('POST', '/policies', { name: 'Not a member', description: '' })).json();
  await call('PUT', `/policies/${other.id}/apis`, { apiIds: [1], version: 1 });
  await call('POST', `/policies/${trade.id}/members`, { ids: [4, 5] });
  await call('POST', `/policies/${chat.id}/members`, { ids: [4] });

  const mine = await restrictions(4);
  expect(mine.policies).toEqual([
    { id: chat.id, name: 'Chat mute' },
    { id: trade.id, name: 'Trade freeze' },
  ]);
  expect(mine.effective.map((r) => [r.apiCode, r.source.kind === 'direct' ? 'direct' : r.source.policyName, r.endsAt])).toEqual([
    ['chat.send', 'Chat mute', null],
    ['market.buy', 'Trade freeze', null],
    ['market.list', 'direct', end],
    ['market.list', 'Trade freeze', null],
  ]);
  // Leaving a policy takes its APIs away; a direct restriction past its end drops out.
  await call('POST', `/policies/${trade.id}/members/remove`, { ids: [4] });
  app.t.clock.advanceMinutes(2 * 24 * 60);
  expect((await restrictions(4)).effective.map((r) => r.apiCode)).toEqual(['chat.send']);
  expect((await restrictions(5)).effective.map((r) => r.apiCode)).toEqual(['market.buy', 'market.list']);
});
