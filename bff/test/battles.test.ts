// Loads the CommonJS builds of kysely (see support/commonJs.ts) before the feature's code needs them.
import './support/testApp';
import { battlesResource, type Battle } from '@phoenix/contract';
import { generateBattles } from '../src/features/battles/repository';
import { itKeepsTheResourceContract } from '@phoenix/server/testing';
import { csvLines, lastLog, logCount, refusedFieldErrors, useSystemApp } from './support/system';

const { app, call, contract } = useSystemApp();

beforeAll(async () => {
  await generateBattles(app.t.db, 200, app.t.clock.now(), { players: 50, spanDays: 10 });
});

itKeepsTheResourceContract(contract, battlesResource, [
  ['GET', '/battles/1/participants'],
  ['POST', '/battles/1/force-end'],
]);

const list = async (query: string) => {
  const response = await call('GET', `/battles?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as { items: Battle[]; total: number };
};
const ongoing = async () => (await list('status=ongoing&pageSize=200')).items;

describe('list', () => {
  test('newest first by default; every status present in the generated set', async () => {
    const page = await list('pageSize=200');
    expect(page.total).toBe(200);
    const starts = page.items.map((b) => b.startedAt);
    expect([...starts].sort().reverse()).toEqual(starts);
    expect(new Set(page.items.map((b) => b.status))).toEqual(new Set(['ongoing', 'finished', 'force_ended']));
  });

  test('filters: status, mode, player and the start window', async () => {
    for (const status of ['ongoing', 'finished', 'force_ended'] as const) {
      const page = await list(`status=${status}&pageSize=200`);
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.every((b) => b.status === status)).toBe(true);
    }
    const ranked = await list('mode=ranked&pageSize=200');
    expect(ranked.items.every((b) => b.mode === 'ranked')).toBe(true);
    const someone = ranked.items[0].playerIds[0];
    const theirs = await list(`playerId=${someone}&pageSize=200`);
    expect(theirs.items.length).toBeGreaterThan(0);
    expect(theirs.items.every((b) => b.playerIds.includes(someone))).toBe(true);
    const from = new Date(app.t.clock.now().getTime() - 2 * 86_400_000).toISOString();
    const recent = await list(`from=${encodeURIComponent(from)}&pageSize=200`);
    expect(recent.items.every((b) => b.startedAt >= from)).toBe(true);
    expect(recent.total).toBeLessThan(200);
  });

  test('bad filters are a 400 on the field', async () => {
    expect((await call('GET', '/battles?status=paused')).json().error.fieldErrors.status).toBeDefined();
    expect((await call('GET', '/battles?playerId=abc')).json().error.fieldErrors.playerId).toEqual(['Enter a player id']);
    expect((await call('GET', '/battles?playerId=99999999999')).statusCode).toBe(400);
    const inverted = await call('GET', '/battles?from=2030-01-02T00:00:00Z&to=2030-01-01T00:00:00Z');
    expect(inverted.json().error.fieldErrors.to).toEqual(['"From" must be before "To"']);
  });

  test('CSV export of the current filter', async () => {
    const lines = await csvLines(call, '/battles/export.csv?status=force_ended', 'battles.csv');
    const rows = lines.slice(1).filter(Boolean);
    expect(rows.length).toBe((await list('status=force_ended&pageSize=200')).total);
    expect(rows.every((line) => line.includes(',force_ended,'))).toBe(true);
  });

  test('battles are not created or edited through the API', async () => {
    expect((await call('POST', '/battles', { mode: 'ranked' })).statusCode).toBe(400);
    expect((await call('PUT', '/battles/1', { version: 1 })).statusCode).toBe(400);
  });
});

describe('detail and force end of one battle', () => {
  test('participants of a battle; 404 for an unknown one', async () => {
    const [battle] = await ongoing();
    const response = await call('GET', `/battles/${battle.id}/participants`);
    expect(
      response
        .json()
        .items.map((p: { playerId: number }) => p.playerId)
        .sort(),
    ).toEqual([...battle.playerIds].sort());
    expect((await call('GET', '/battles/999999/participants')).statusCode).toBe(404);
  });

  test('a reason is required', async () => {
    const [battle] = await ongoing();
    const errors = await refusedFieldErrors(app.t, call, 'POST', `/battles/${battle.id}/force-end`, {
      reason: '  ',
      version: battle.version,
    });
    expect(errors.reason).toEqual(['Say why the battle is ended']);
  });

  test('force-ends an ongoing battle: who, when and why are kept and logged as battle.forceEnd', async () => {
    const [battle] = await ongoing();
    app.t.clock.advanceMinutes(1);
    const response = await call('POST', `/battles/${battle.id}/force-end`, {
      reason: 'Desync reported by both players',
      version: battle.version,
    });
    expect(response.statusCode).toBe(200);
    const ended: Battle = response.json();
    expect(ended).toMatchObject({
      status: 'force_ended',
      endedAt: app.t.clock.now().toISOString(),
      forceEndedBy: expect.stringContaining('@test.local'),
      forceEndReason: 'Desync reported by both players',
      winnerPlayerId: null,
      version: battle.version + 1,
    });
    expect((await call('GET', `/battles/${battle.id}`)).json()).toEqual(ended);
    expect(await lastLog(app.t, 'battle', battle.id)).toMatchObject({
      action: 'battle.forceEnd',
      before: { status: 'ongoing' },
      after: { status: 'force_ended', forceEndReason: 'Desync reported by both players' },
    });
    // Each of its players' history (the player view) finds the force end.
    for (const playerId of battle.playerIds) {
      const history = await call('GET', `/action-logs?target=player:${playerId}&pageSize=5`);
      expect(history.json().items.map((log: { action: string }) => log.action)).toContain('battle.forceEnd');
    }
  });

  test('a battle that finished on its own meanwhile is not overwritten: 409, nothing logged', async () => {
    const [battle] = await ongoing();
    // The game server finishes it between the admin's look and the click (no version bump).
    await app.t.db
      .updateTable('battles')
      .set({ status: 'finished', ended_at: app.t.clock.now(), winner_player_id: battle.playerIds[0] })
      .where('id', '=', battle.id)
      .execute();
    const logs = await logCount(app.t);
    const response = await call('POST', `/battles/${battle.id}/force-end`, { reason: 'Stuck', version: battle.version });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('This battle has already ended: nothing was changed');
    expect((await call('GET', `/battles/${battle.id}`)).json()).toMatchObject({ status: 'finished', winnerPlayerId: battle.playerIds[0] });
    expect(await logCount(app.t)).toBe(logs);
  });

  test('a stale version is a 409 with the current battle', async () => {
    const [battle] = await ongoing();
    const response = await call('POST', `/battles/${battle.id}/force-end`, { reason: 'Stuck', version: battle.version + 5 });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.current).toEqual(battle);
  });
});
